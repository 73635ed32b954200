import Foundation

/// A 128-bit content hash (two independent FNV-1a 64-bit lanes), for cache keys.
///
/// Not cryptographic: it keys a local build cache, where a collision would at worst reuse a page
/// whose inputs changed, and the toolchain offers no SHA-256 on Linux without outside packages.
struct ContentHash: Sendable {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x84222325_cbf29ce4

    /// Creates an empty hash.
    init() {}

    /// Adds bytes.
    mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
    }

    /// Adds a string and a separator, so that ("ab","c") and ("a","bc") differ.
    mutating func update(_ text: String) {
        update(text.utf8)
        update([0])
    }

    /// The hash as 32 hexadecimal digits.
    var hex: String {
        let digits = String(a, radix: 16) + "-" + String(b, radix: 16)
        return digits
    }

    /// The hash of every file under `folder` (relative paths and contents, in sorted order).
    static func ofFolder(_ folder: URL) -> ContentHash {
        var hash = ContentHash()
        let root = folder.path
        for path in DirectoryWalker.files(under: root) {
            hash.update(path)
            if let data = FileManager.default.contents(atPath: root + "/" + path) { hash.update(data) }
            hash.update([0xFF])
        }
        return hash
    }
}
