import Testing
import Payloads
@testable import Cookbook

@Suite("Front matter")
struct FrontMatterTests {
    @Test("keys, values and lists are read, with the body's first line")
    func readsFieldsAndLists() throws {
        let text = "---\ntitle: Hello\ntags:\n  - a\n  - \"b c\"\n---\nBody\n"
        let front = try FrontMatter.parse(text, file: "r.md")
        #expect(front.optionalText("title") == "Hello")
        #expect(front.list("tags").map(\.text) == ["a", "b c"])
        #expect(front.body == "Body\n")
        #expect(front.bodyLine == 7)
    }

    @Test("an unknown key is an error at its line, with a suggestion")
    func unknownKeyIsAnError() {
        do {
            _ = try FrontMatter.parse("---\ntitle: A\nsumary: B\n---\n", file: "r.md")
            Issue.record("expected an error")
        } catch {
            #expect(error.location.line == 3)
            #expect(error.message.contains("Did you mean 'summary'?"))
            #expect(error.text.hasPrefix("r.md:3:1: error:"))
        }
    }

    @Test("a missing opening or closing line is an error")
    func brokenDelimiters() {
        #expect(throws: Diagnostic.self) { try FrontMatter.parse("title: A\n", file: "r.md") }
        #expect(throws: Diagnostic.self) { try FrontMatter.parse("---\ntitle: A\n", file: "r.md") }
    }

    @Test("a stray indented line is an error at its column")
    func strayIndent() {
        do {
            _ = try FrontMatter.parse("---\ntitle: A\n   oops\n---\n", file: "r.md")
            Issue.record("expected an error")
        } catch {
            #expect(error.location == .init(line: 3, column: 4))
        }
    }

    @Test("a file with CRLF line ends reads as the same file with LF ones (fields, body, body line)")
    func crlfAndLFAgree() throws {
        let lf = "---\ntitle: Hello\ntags:\n  - a\n---\nBody\n\n--- \n---\nmore"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let a = try FrontMatter.parse(lf, file: "r.md"), b = try FrontMatter.parse(crlf, file: "r.md")
        #expect(a == b)
        #expect(a.body == "Body\n\n--- \n---\nmore")
        #expect(a.bodyLine == 6)
        let closedAtEnd = try FrontMatter.parse("---\ntitle: A\n---", file: "r.md")
        #expect(closedAtEnd.body == "")
        #expect(try FrontMatter.parse("---\ntitle: A\n---\n", file: "r.md").body == "")
    }
}
