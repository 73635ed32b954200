import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The site's search index: one entry per page section, written as a `.js` file that defines
/// `window.PUSHBOOK_SEARCH_INDEX`, so search works from `file://` without `fetch`.
///
/// The entries are written byte by byte, as `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes` writes them (the tests compare the two on hostile strings), except that
/// `</` is written `<\/`, so no string can close a script element: the encoder took a third of a
/// one-edit build's end, for an index that holds every section of every page.
struct SearchIndex: Sendable {
    /// The entries, in page order.
    var entries: [SearchEntry] = []

    /// Writes the JavaScript file in chunks, so a large index is never held whole in memory.
    func write(to url: URL) throws {
        let path = url.path
        let descriptor = FileWriter.create(path)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "cannot write '\(path)': \(String(cString: strerror(errno)))"])
        }
        defer { close(descriptor) }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 17)
        chunk += "window.PUSHBOOK_SEARCH_INDEX = [".utf8
        for (index, entry) in entries.enumerated() {
            if index > 0 { chunk.append(UInt8(ascii: ",")) }
            Self.append(entry, to: &chunk)
            if chunk.count > 1 << 16 {
                try chunk.withUnsafeBytes { try FileWriter.writeAll(descriptor, $0, path: path) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        chunk += "];\n".utf8
        try chunk.withUnsafeBytes { try FileWriter.writeAll(descriptor, $0, path: path) }
    }

    /// The bytes of `entries` as the file holds them (for tests and comparisons).
    func bytes() -> [UInt8] {
        var bytes = Array("window.PUSHBOOK_SEARCH_INDEX = [".utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.append(entry, to: &bytes)
        }
        bytes += "];\n".utf8
        return bytes
    }

    /// One entry as compact JSON, its keys in sorted order (`kind`, `section`, `text`, `title`, `url`).
    static func append(_ entry: SearchEntry, to out: inout [UInt8]) {
        out += #"{"kind":"#.utf8
        appendString(entry.kind.rawValue, to: &out)
        out += #","section":"#.utf8
        appendString(entry.section, to: &out)
        out += #","text":"#.utf8
        appendString(entry.text, to: &out)
        out += #","title":"#.utf8
        appendString(entry.title, to: &out)
        out += #","url":"#.utf8
        appendString(entry.url, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `text` as a JSON string: `"` and `\` escaped, the control characters as `JSONEncoder` writes
    /// them (`\b \t \n \f \r`, else `\u00xx` in lower-case hex), `/` as written but after `<`, every
    /// other byte of its UTF-8 as it is (U+2028 and U+2029 too, as the encoder leaves them).
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            var start = 0
            var index = 0
            while index < utf8.count {
                // Eight bytes at a time while none of them may need an escape (most of the text).
                if index + 8 <= utf8.count, !Self.mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = utf8[index]
                index += 1
                let escape: Bool = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                    || (byte == UInt8(ascii: "/") && index > 1 && utf8[index - 2] == UInt8(ascii: "<"))
                guard escape else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index - 1]))
                start = index
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// True when one of the eight bytes of `word` is a control character, a quote, a backslash or `/` (exact:
    /// the zero-byte tests of each have no false negative, and a false positive only means a closer look).
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C)) || hasZeroByte(word ^ (ones &* 0x2F))
    }
}
