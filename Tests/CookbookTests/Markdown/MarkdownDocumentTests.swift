import Testing
import Payloads
@testable import Cookbook

@Suite("Markdown through libcmark")
struct MarkdownDocumentTests {
    private func render(_ markdown: String) -> MarkdownDocument {
        MarkdownDocument.render(markdown, codeBlock: { CodePanel.render(code: $0.literal, language: $0.info.isEmpty ? "text" : $0.info) },
                                heading: { "<h\($0.level) id=\"x\">\($0.innerHTML)</h\($0.level)>" })
    }

    @Test("raw HTML and script in prose never reach the page")
    func rawHTMLIsOmitted() {
        let html = render("Hello <script>alert(1)</script> and <img src=x onerror=alert(1)>\n\n<div onclick=\"x\">block</div>\n").html
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<div onclick"))
    }

    @Test("javascript: links are emptied")
    func dangerousLinksAreDropped() {
        let html = render("[click](javascript:alert(1))").html
        #expect(!html.contains("javascript:"))
    }

    @Test("code blocks are replaced by our escaped, highlighted HTML")
    func codeBlocksAreOurs() {
        let html = render("```swift\nlet x = \"<b>\"\n```\n").html
        #expect(html.contains("class=\"code-block\""))
        #expect(html.contains("&lt;b&gt;"))
        #expect(!html.contains("<b>"))
    }

    @Test("headings keep their inline markup and report their text and line")
    func headingsAreReported() {
        var seen: [MarkdownDocument.Heading] = []
        _ = MarkdownDocument.render("Intro\n\n## The `aps` *dictionary*\n", codeBlock: { _ in "" }, heading: { seen.append($0); return "" })
        #expect(seen.count == 1)
        #expect(seen.first?.text == "The aps dictionary")
        #expect(seen.first?.line == 3)
        #expect(seen.first?.innerHTML.contains("<code>aps</code>") == true)
    }

    @Test("the fence's whole info string and line are passed on")
    func infoStringIsWhole() {
        var blocks: [MarkdownDocument.CodeBlock] = []
        _ = MarkdownDocument.render("a\n\n```include Service.swift region=main\n```\n", codeBlock: { blocks.append($0); return "" }, heading: { _ in "" })
        #expect(blocks.first?.info == "include Service.swift region=main")
        #expect(blocks.first?.line == 3)
    }

    @Test("invalid UTF-8 and empty input render without crashing")
    func oddInputs() {
        #expect(render("").html.isEmpty)
        let bad = String(decoding: [0x61, 0xFF, 0xFE, 0x62], as: UTF8.self)
        #expect(render(bad).html.contains("a"))
    }
}

@Suite("Heading anchors")
struct SluggerTests {
    @Test("slugs are lowercase words joined by hyphens, and repeats are numbered")
    func slugsAreStableAndUnique() {
        var slugger = Slugger(reserved: ["sources"])
        #expect(slugger.slug("What arrives on the Device?") == "what-arrives-on-the-device")
        #expect(slugger.slug("What arrives on the device") == "what-arrives-on-the-device-2")
        #expect(slugger.slug("Sources") == "sources-2")
        #expect(slugger.slug("!!!") == "section")
    }
}

@Suite("Snippets")
struct SnippetTests {
    static let source = """
    import Foundation
    import NotificationSimulator // iOS: UserNotifications Intents
    // snippet.hide
    import FoundationNetworking
    // snippet.show
    // snippet.main
        final class Service {}
    // snippet.end
    """

    @Test("hidden lines are not shown and the simulator import becomes the iOS imports")
    func hiddenLinesAndImports() throws {
        let code = try Snippet.extract(from: Self.source, region: nil, file: "S.swift").code
        #expect(!code.contains("FoundationNetworking"))
        #expect(!code.contains("snippet."))
        #expect(code.contains("import UserNotifications\nimport Intents"))
    }

    @Test("a region is extracted and dedented")
    func regionIsDedented() throws {
        #expect(try Snippet.extract(from: Self.source, region: "main", file: "S.swift").code == "final class Service {}")
    }

    @Test("an unclosed hide marker is an error with its line")
    func unclosedHideIsAnError() {
        #expect(throws: Diagnostic(file: "S.swift", location: .init(line: 2, column: 1), breaking: .snippet, "'snippet.hide' is never closed by 'snippet.show'")) {
            try Snippet.extract(from: "a\n// snippet.hide\nb\n", region: nil, file: "S.swift")
        }
    }

    @Test("a missing region is an error")
    func missingRegion() {
        #expect(throws: Diagnostic.self) { try Snippet.extract(from: Self.source, region: "nope", file: "S.swift") }
    }
}
