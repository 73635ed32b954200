import Testing
@testable import Cookbook

/// A page's attribute values are found with memchr; they are the ones the byte-by-byte scan of
/// commit 6462455 (copied here as the reference) found, on random pages of hostile markup.
@Suite("Safety: a page's links are the ones the byte-by-byte scan found")
struct AttributeValuesReferenceTests {
    /// The scan of commit 6462455.
    static func reference(_ names: [String], in html: String, skipping: Set<String>) -> [String: [String]] {
        let patterns = names.map { (name: $0, bytes: Array(" \($0)=\"".utf8), skipsOutside: skipping.contains($0)) }
        let outside = ["data:", "mailto:", "http://", "https://"].map { Array($0.utf8) }
        var values: [String: [String]] = [:]
        let buffer = Array(html.utf8)
        let count = buffer.count
        var index = 0
        while index < count {
            guard buffer[index] == UInt8(ascii: "<") else { index += 1; continue }
            var close = index + 1
            while close < count && buffer[close] != UInt8(ascii: ">") { close += 1 }
            var cursor = index + 1
            while cursor < close {
                if buffer[cursor] == UInt8(ascii: " ") {
                    for pattern in patterns where cursor + pattern.bytes.count <= close {
                        guard (1..<pattern.bytes.count).allSatisfy({ buffer[cursor + $0] == pattern.bytes[$0] }) else { continue }
                        let valueStart = cursor + pattern.bytes.count
                        var valueEnd = valueStart
                        while valueEnd < close && buffer[valueEnd] != UInt8(ascii: "\"") { valueEnd += 1 }
                        guard valueEnd < close else { break }
                        let slice = Array(buffer[valueStart..<valueEnd])
                        cursor = valueEnd
                        if pattern.skipsOutside && outside.contains(where: { slice.starts(with: $0) }) { break }
                        values[pattern.name, default: []].append(slice.withUnsafeBufferPointer { slice.contains(UInt8(ascii: "&")) ? HTML.unescape($0) : String(decoding: $0, as: UTF8.self) })
                        break
                    }
                }
                cursor += 1
            }
            index = close + 1
        }
        return values
    }

    @Test("random pages of hostile markup: the same values, in the same order", arguments: Array(1...16) as [UInt64])
    func sameValuesAsTheByteScan(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["<", ">", " ", "\"", "=", "href", "src", "id", " href=\"", " src=\"", " id=\"", "a.html", "#x", "data:x", "https://e",
                      "&amp;", "&lt;", "&#39;", "&", "é", "\n", "  ", "<a", "<img", "</a>", "x", "mailto:", "\"\"", " href=\"\"", "&lt;img src=\"y\"&gt;"]
        let html = (0..<600).map { _ in pieces[next(pieces.count)] }.joined()
        let names = ["id", "href", "src"]
        let found = LinkChecker.attributeValues(names, in: html, skipping: ["href", "src"])
        #expect(found == Self.reference(names, in: html, skipping: ["href", "src"]))
        #expect(!(found["href"] ?? []).isEmpty || !(found["id"] ?? []).isEmpty, "the page has values to find")
    }
}
