import Foundation
import Testing
import Payloads
@testable import Cookbook
import ToolchainSupport

/// The recipe loader and the Markdown renderer on inputs built to break them.
@Suite("Hostile input: loader and Markdown")
struct HostileLoaderTests {
    /// A recipe folder in a temporary recipes folder, with one example.
    private func recipeFolder(_ markdown: [UInt8]) throws -> (root: URL, folder: URL) {
        let root = TemporaryFolder.root.appendingPathComponent("pushbook-hostile-\(UUID().uuidString)", isDirectory: true)
        let folder = root.appendingPathComponent("r", isDirectory: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("examples"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("examples/one.json"))
        try Data(markdown).write(to: folder.appendingPathComponent("recipe.md"))
        return (root, folder)
    }

    private let valid = "---\ntitle: T\nsummary: S\nservice: X\n---\n"

    @Test("the first invalid UTF-8 byte is located by line and byte column, after valid multi-byte characters")
    func locatesInvalidUTF8() {
        let bytes = Array("ok\nhé\n".utf8) + Array("caf".utf8) + [0xE9] + Array(" bad\n".utf8)
        let (location, byte) = RecipeLoader.firstInvalidUTF8(in: Data(bytes))
        #expect(location.line == 3 && location.column == 4)
        #expect(byte == "0xE9")
        let truncated = Array("a\nb".utf8) + [0xF0, 0x9F]
        #expect(RecipeLoader.firstInvalidUTF8(in: Data(truncated)).0 == .init(line: 2, column: 2))
        let surrogate = Array("x".utf8) + [0xED, 0xA0, 0x80]
        #expect(RecipeLoader.firstInvalidUTF8(in: Data(surrogate)) == (.init(line: 1, column: 2), "0xED"))
    }

    @Test("recipe.md with invalid UTF-8 in its prose is a diagnostic at the bad byte")
    func invalidUTF8RecipeIsLocated() throws {
        let (root, folder) = try recipeFolder(Array(valid.utf8) + Array("\nline seven\nab".utf8) + [0xFF])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try RecipeLoader(root: root, displayRoot: "R").loadRecipe(id: "r", folder: folder)
            Issue.record("expected an error")
        } catch {
            #expect(error.text == "R/r/recipe.md:8:3: error: recipe.md is not valid UTF-8 (byte 0xFF); save it as UTF-8 [recipe.markdown]")
        }
    }

    @Test("an unclosed front matter is reported on its opening line, not past the end of the file")
    func unclosedFrontMatterAtOpeningLine() {
        do {
            _ = try FrontMatter.parse("---\ntitle: A\nsummary: B\n\nBody text\n", file: "r.md")
            Issue.record("expected an error")
        } catch {
            #expect(error.text.hasPrefix("r.md:1:1: error: the front matter opened here is never closed"))
        }
    }

    @Test("a recipe.md of several MB loads and its prose renders")
    func hugeRecipeLoads() throws {
        let paragraph = String(repeating: "All work and no play makes a long recipe. ", count: 20) + "\n\n"
        let (root, folder) = try recipeFolder(Array((valid + String(repeating: paragraph, count: 6_000)).utf8))
        defer { try? FileManager.default.removeItem(at: root) }
        let recipe = try RecipeLoader(root: root).loadRecipe(id: "r", folder: folder)
        #expect(recipe.markdown.utf8.count > 5_000_000)
        let document = MarkdownDocument.render(recipe.markdown, codeBlock: { _ in "" }, heading: { $0.innerHTML })
        #expect(document.html.hasPrefix("<p>All work"))
    }

    @Test("prose nested deeply (100,000 quotes, emphasis and brackets; 2,000 lists) renders without a stack overflow",
          arguments: ["quotes", "lists", "emphasis", "brackets"])
    func deeplyNestedProse(kind: String) {
        let markdown: String
        switch kind {
        case "quotes": markdown = String(repeating: ">", count: 100_000) + " deep\n"
        case "lists": markdown = (0..<2_000).map { String(repeating: "  ", count: $0) + "- x" }.joined(separator: "\n")
        case "emphasis": markdown = String(repeating: "*", count: 100_000) + "x" + String(repeating: "*", count: 100_000)
        default: markdown = String(repeating: "[", count: 100_000) + "x" + String(repeating: "]", count: 100_000)
        }
        let document = MarkdownDocument.render(markdown, codeBlock: { _ in "" }, heading: { $0.innerHTML })
        #expect(!document.html.isEmpty)
    }

    @Test("a recipe.md with CRLF line endings reads like the same file with LF (found by FuzzFrontMatter)")
    func crlfFrontMatter() throws {
        let lf = "---\ntitle: T\nsummary: S\ntags:\n  - a\n  - b\nservice: X\n---\nBody\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let front = try FrontMatter.parse(crlf, file: "r.md")
        #expect(front == (try FrontMatter.parse(lf, file: "r.md")))
        #expect(front.list("tags").map(\.text) == ["a", "b"])
        #expect(front.bodyLine == 9)
        do {
            _ = try FrontMatter.parse("---\r\ntitle: T\r\nsumary: S\r\n---\r\n", file: "r.md")
            Issue.record("expected an error")
        } catch {
            #expect(error.text.hasPrefix("r.md:3:1: error: unknown front matter key 'sumary'"))
        }
    }

    @Test("snippet markers in a Swift file with CRLF line endings hide and select lines as with LF")
    func crlfSnippet() throws {
        let source = "import NotificationSimulator\n// snippet.hide\nimport FoundationNetworking\n// snippet.show\n// snippet.main\nlet a = 1\n// snippet.end\n"
        let lf = try Snippet.extract(from: source, region: "main", file: "A.swift")
        let crlf = try Snippet.extract(from: source.replacingOccurrences(of: "\n", with: "\r\n"), region: "main", file: "A.swift")
        #expect(lf.code == "let a = 1")
        #expect(crlf.code == lf.code)
        let whole = try Snippet.extract(from: source.replacingOccurrences(of: "\n", with: "\r\n"), region: nil, file: "A.swift")
        #expect(!whole.code.contains("FoundationNetworking"))
    }
}
