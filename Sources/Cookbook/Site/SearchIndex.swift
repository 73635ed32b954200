import Foundation

/// The site's search index: one entry per page section, written as a `.js` file that defines
/// `window.PUSHBOOK_SEARCH_INDEX`, so search works from `file://` without `fetch`.
struct SearchIndex: Sendable {
    /// The entries, in page order.
    var entries: [SearchEntry] = []

    /// Writes the JavaScript file entry by entry, so a large index is never held twice in memory.
    func write(to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? handle.close() }
        var chunk = "window.PUSHBOOK_SEARCH_INDEX = ["
        for (index, entry) in entries.enumerated() {
            if index > 0 { chunk += "," }
            chunk += try Self.json(entry)
            if chunk.utf8.count > 1 << 16 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        chunk += "];\n"
        try handle.write(contentsOf: Data(chunk.utf8))
    }

    /// The encoder of the entries: compact, keys sorted (so the bytes never depend on hashing), `/` as written.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// One entry as compact JSON in which `</` is written `<\/`, so no string can close a script
    /// element (on the encoder's bytes: the index holds every section of every page).
    private static func json(_ entry: SearchEntry) throws -> String {
        let bytes = [UInt8](try encoder.encode(entry))
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 8)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "/"), index > 0, bytes[index - 1] == UInt8(ascii: "<") { escaped.append(UInt8(ascii: "\\")) }
            escaped.append(byte)
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
