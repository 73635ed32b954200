import Foundation
import Testing
@testable import Cookbook
import ToolchainSupport

/// The search index is written byte by byte; its bytes are the ones `JSONEncoder` gave it before
/// (`.sortedKeys`, `.withoutEscapingSlashes`, then `</` written `<\/`), whatever the strings hold.
@Suite("Site: the search index's bytes")
struct SearchIndexTests {
    /// The file as the encoder wrote it (the writer of commit 6462455).
    static func encoderBytes(_ entries: [SearchEntry]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = Array("window.PUSHBOOK_SEARCH_INDEX = [".utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let bytes = [UInt8](try encoder.encode(entry))
            for (offset, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "/"), offset > 0, bytes[offset - 1] == UInt8(ascii: "<") { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
        }
        out += "];\n".utf8
        return out
    }

    /// Strings that an encoder and a hand-written one could disagree on.
    static let hostile: [String] = {
        var every = ""
        for scalar in 0..<0x80 { every.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        return [every, "", "</script><script>alert(1)</script>", "<\\/ <</ </ <\"/ <\n/", "\u{2028}\u{2029}\u{FEFF}\u{7F}\u{85}",
                "Caf\u{E9} \u{1F600} \u{0301}e \u{10FFFF}", "\"\\\"\\\\", "a/b//c", "\u{0}\u{1F}\u{1}x\u{8}\u{C}", "tail<"]
    }()

    @Test("each hostile string is written as the encoder wrote it, in every field")
    func hostileStringsMatchTheEncoder() throws {
        let kinds: [SearchEntry.Kind] = [.recipe, .section, .code, .example, .rule, .guide]
        var entries: [SearchEntry] = []
        for (index, text) in Self.hostile.enumerated() {
            let other = Self.hostile[(index + 1) % Self.hostile.count]
            entries.append(SearchEntry(url: text, title: other, section: text + other, text: other + text, kind: kinds[index % kinds.count]))
        }
        let written = SearchIndex(entries: entries).bytes()
        #expect(written == (try Self.encoderBytes(entries)))
        #expect(!String(decoding: written, as: UTF8.self).contains("</"))
    }

    @Test("random strings of hostile characters are written as the encoder wrote them")
    func randomStringsMatchTheEncoder() throws {
        let alphabet: [Character] = ["<", "/", "\\", "\"", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "é", "\u{1F600}", "a", " ", "&", ">", "s"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func text() -> String { String((0..<next(24)).map { _ in alphabet[next(alphabet.count)] }) }
        let entries = (0..<400).map { _ in SearchEntry(url: text(), title: text(), section: text(), text: text(), kind: .code) }
        #expect(SearchIndex(entries: entries).bytes() == (try Self.encoderBytes(entries)))
    }

    @Test("a hostile character at every offset of long plain text (so `</` falls across every eight-byte step of the scan) is written as the encoder wrote it")
    func hostileAtEveryOffsetOfPlainText() throws {
        let plain = "The quick brown fox jumps over the lazy dog, again and again."
        var entries: [SearchEntry] = []
        for hostile in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "</", "/", "<", "é", "\u{2028}", "\u{7F}", "<\"/"] {
            for offset in 0...plain.count {
                var text = plain
                text.insert(contentsOf: hostile, at: text.index(text.startIndex, offsetBy: offset))
                entries.append(SearchEntry(url: "recipes/r.html#s", title: text, section: "S", text: text + hostile + text, kind: .section))
            }
        }
        let written = SearchIndex(entries: entries).bytes()
        #expect(written == (try Self.encoderBytes(entries)))
        #expect(!String(decoding: written, as: UTF8.self).contains("</"))
    }

    @Test("the written file holds the same bytes, across chunks")
    func fileMatchesTheEncoder() throws {
        let long = String(repeating: "</script> \u{2028} \"x\"\n", count: 2000)
        let entries = (0..<12).map { SearchEntry(url: "recipes/r\($0).html#s", title: long, section: "S\($0)", text: long, kind: .section) }
        let file = TemporaryFolder.root.appendingPathComponent("pushbook-search-bytes-\(UUID().uuidString).js")
        defer { try? FileManager.default.removeItem(at: file) }
        try SearchIndex(entries: entries).write(to: file)
        #expect([UInt8](try Data(contentsOf: file)) == (try Self.encoderBytes(entries)))
    }
}
