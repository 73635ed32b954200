import Foundation
import Testing
@testable import Cookbook

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

    @Test("the search index cannot close its script element")
    func searchIndexIsScriptSafe() {
        var index = SearchIndex()
        index.entries = [.init(url: "a.html", title: "</script><script>alert(1)</script>", section: "", text: "", kind: .recipe)]
        #expect(!index.javaScript.contains("</script>"))
        #expect(index.javaScript.hasPrefix("window.PUSHBOOK_SEARCH_INDEX = "))
    }

    @Test("the staged directory replaces the old one whole")
    func atomicSwap() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("pushbook-swap-\(UUID().uuidString)", isDirectory: true)
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
        guard case .mismatch(let diff) = result else { Issue.record("expected a mismatch"); return }
        #expect(diff.contains("--- Recipes/x/expected/e.json (expected)"))
        #expect(diff.contains("-  \"a\": 1"))
        #expect(diff.contains("+  \"a\": 2"))
        #expect(Verification.compare(got: "x\r\n", want: "x\n", path: "p") == .passed)
    }
}
