/// The names a recipe may give its examples, and the site its files: ASCII letters, digits, `-`,
/// `_` and `.`, not starting with `.`. Such a name is the same file name on every file system, a
/// URL path segment and an anchor without escaping, and a shell word that needs no quoting.
enum PlainName {
    /// The longest example name: its downloads (`NAME.fcm.json`) stay well under the 255-byte file
    /// name limit of common file systems.
    static let maximumLength = 100

    /// True when `name` is plain (see the type's description).
    static func isPlain(_ name: some StringProtocol) -> Bool {
        if let plain = name.utf8.withContiguousStorageIfAvailable(isPlain(bytes:)) { return plain }
        var copy = String(name)
        return copy.withUTF8(isPlain(bytes:))
    }

    /// True when the UTF-8 bytes `name` are a plain name.
    static func isPlain(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        !name.isEmpty && name[0] != UInt8(ascii: ".") && name.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
    }
}
