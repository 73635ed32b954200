import Foundation
import Payloads

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
            chunk += Self.json(entry)
            if chunk.utf8.count > 1 << 16 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        chunk += "];\n"
        try handle.write(contentsOf: Data(chunk.utf8))
    }

    /// One entry as compact JSON in which `</` is escaped, so no string can close a script element.
    private static func json(_ entry: SearchEntry) -> String {
        let json = JSONWriter.compact(.object([("url", .string(entry.url)), ("title", .string(entry.title)), ("section", .string(entry.section)),
                                               ("text", .string(entry.text)), ("kind", .string(entry.kind.rawValue))]))
        return json.contains("</") ? json.replacingOccurrences(of: "</", with: "<\\/") : json
    }

    /// The JavaScript file's text (the same bytes `write(to:)` writes).
    var javaScript: String {
        "window.PUSHBOOK_SEARCH_INDEX = [" + entries.map(Self.json).joined(separator: ",") + "];\n"
    }
}
