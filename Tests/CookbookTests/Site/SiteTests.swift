import Foundation
import Testing
@testable import Cookbook
import ToolchainSupport

@Suite("Site checks")
struct SiteTests {
    @Test("broken files and anchors are found, and absolute links are refused")
    func linkChecker() {
        let pages = [
            "index.html": "<a href=\"recipes/a.html#intro\">a</a> <a href=\"missing.html\">m</a> <a href=\"/abs.html\">x</a>",
            "recipes/a.html": "<h2 id=\"Intro\">Intro</h2><a href=\"../index.html\">home</a><a href=\"#nowhere\">n</a>",
        ]
        let broken = LinkChecker.check(pages: pages, files: Set(pages.keys))
        #expect(broken.map(\.href).sorted() == ["#nowhere", "/abs.html", "missing.html", "recipes/a.html#intro"])
        #expect(broken.first { $0.href == "recipes/a.html#intro" }?.reason.contains("case") == true)
    }

    /// On 0149a3f this test read `SearchIndex.javaScript`, a twin of what `write(to:)` writes; it now reads the written file.
    @Test("the search index file cannot close its script element, and parses back to its entries")
    func searchIndexIsScriptSafe() throws {
        var index = SearchIndex()
        let entry = SearchEntry(url: "recipes/a.html#x", title: "</script><script>alert(1)</script>", section: "Caf\u{E9} \"q\"\n",
                                text: "a\\b\u{1}", kind: .recipe)
        index.entries = [entry, entry]
        let file = TemporaryFolder.root.appendingPathComponent("pushbook-search-\(UUID().uuidString).js")
        defer { try? FileManager.default.removeItem(at: file) }
        try index.write(to: file)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(!written.contains("</"))
        #expect(written.hasPrefix("window.PUSHBOOK_SEARCH_INDEX = ["))
        #expect(written.hasSuffix("];\n"))
        #expect(written.contains(#"{"kind":"recipe","section":"#))
        let array = String(written.dropFirst("window.PUSHBOOK_SEARCH_INDEX = ".count).dropLast(2))
        #expect(try JSONDecoder().decode([SearchEntry].self, from: Data(array.utf8)) == [entry, entry])
    }

    @Test("the staged directory replaces the old one whole")
    func atomicSwap() throws {
        let parent = TemporaryFolder.root.appendingPathComponent("pushbook-swap-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: target.appendingPathComponent("old.html"))
        try Data("old".utf8).write(to: target.appendingPathComponent("index.html"))
        let staging = try AtomicDirectory.staging(for: target.path)
        try Data("new".utf8).write(to: staging.appendingPathComponent("new.html"))
        let old = try AtomicDirectory.swap(staging, into: target.path)
        if let old { SiteFolder.removeOwned(old) }
        let names = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        #expect(names == [".pushbook-manifest", "new.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["site"])
    }

    @Test("a mismatch gives a unified diff naming the file")
    func verificationDiff() {
        let result = Verification.compare(got: "{\n  \"a\": 2\n}\n", want: "{\n  \"a\": 1\n}\n", path: "Recipes/x/expected/e.json")
        guard case .mismatch(let diff, let line) = result else { Issue.record("expected a mismatch"); return }
        #expect(line == 2, "the first line of the expected file that differs")
        #expect(diff.contains("--- Recipes/x/expected/e.json (expected)"))
        #expect(diff.contains("-  \"a\": 1"))
        #expect(diff.contains("+  \"a\": 2"))
        #expect(Verification.compare(got: "x\r\n", want: "x\n", path: "p") == .passed)
        // Lines added after the last one point at the last line; a change on the first line, at line 1.
        #expect(Verification.firstDifferingLine(old: "a\nb\n", new: "a\nb\nc\n") == 2)
        #expect(Verification.firstDifferingLine(old: "a\nb", new: "x\nb") == 1)
        #expect(Verification.firstDifferingLine(old: "", new: "x") == 1)
    }

    @Test("the playground link's base64 is URL-safe and unpadded: + becomes -, / becomes _, = is dropped")
    func playgroundBase64IsURLSafe() {
        #expect(PlaygroundPage.base64URL("ûÿ?>~") == "w7vDvz8-fg")
        #expect(PlaygroundPage.base64URL("\u{FF}\u{FF}\u{FF}?") == "w7_Dv8O_Pw")
        #expect(PlaygroundPage.base64URL("") == "")
    }
}
