import Testing
@testable import Cookbook
import Highlight

/// Swift highlighting.
@Suite struct SwiftHighlightingTests {
    /// Shorthand for the highlighted tokens of a Swift snippet.
    func marked(_ code: String) -> [Token] { HighlightTestSupport.marked(code, "swift") }

    /// Declarations show keywords, types, attributes and calls.
    @Test func declarationsShowKeywordsTypesAttributesAndCalls() {
        let tokens = marked("override func didReceive(_ request: UNNotificationRequest, withContentHandler h: @escaping (UNNotificationContent) -> Void) {}")
        #expect(tokens.contains(Token(.keyword, "override")))
        #expect(tokens.contains(Token(.keyword, "func")))
        #expect(tokens.contains(Token(.call, "didReceive")))
        #expect(tokens.contains(Token(.type, "UNNotificationRequest")))
        #expect(tokens.contains(Token(.attribute, "@escaping")))
        #expect(tokens.contains(Token(.type, "Void")))
    }

    /// Interpolated code is highlighted as code, and the string resumes after it.
    @Test func stringInterpolationIsHighlightedAsCode() {
        let tokens = marked(#"let s = "Hi \(user.name(with: "x")) and \(count + 1)!""#)
        #expect(tokens == [
            Token(.keyword, "let"),
            Token(.string, #""Hi \("#),
            Token(.call, "name"),
            Token(.string, #""x""#),
            Token(.string, #") and \("#),
            Token(.number, "1"),
            Token(.string, #")!""#),
        ])
    }

    /// Multi-line strings span lines, keep inner quotes, and interpolate.
    @Test func multiLineStringsSpanLines() {
        let code = "let s = \"\"\"\n  say \"hi\" \\(name)\n  \"\"\"\nlet x = 1"
        let tokens = marked(code)
        #expect(tokens.contains(Token(.string, "\"\"\"\n  say \"hi\" \\(")))
        #expect(tokens.contains(Token(.string, ")\n  \"\"\"")))
        #expect(tokens.last == Token(.number, "1"))
    }

    /// Raw strings only interpolate with `\#(`, and end at `"#`.
    @Test func rawStringsEndAtQuoteHashAndInterpolateOnlyWithHash() {
        let tokens = marked(##"let r = #"a "quoted" \(no) \#(yes)"# + 1"##)
        #expect(tokens.contains(Token(.string, ##"#"a "quoted" \(no) \#("##)))
        #expect(tokens.contains(Token(.string, ##")"#"##)))
        #expect(tokens.last == Token(.number, "1"))
    }

    /// Block comments nest, line comments stop at the newline.
    @Test func blockCommentsNest() {
        let tokens = marked("/* a /* b */ c */ let x // done\nvar")
        #expect(tokens == [
            Token(.comment, "/* a /* b */ c */"),
            Token(.keyword, "let"),
            Token(.comment, "// done"),
            Token(.keyword, "var"),
        ])
    }

    /// Key paths are one token, including optional chaining.
    @Test func keyPathsAreOneToken() {
        #expect(marked(#"people.map(\.sender?.displayName)"#).contains(Token(.key, #"\.sender?.displayName"#)))
        #expect(marked(#"let k = \Person.name"#).contains(Token(.key, #"\Person.name"#)))
    }

    /// Literals, numbers, directives and closure arguments.
    @Test func literalsNumbersDirectivesAndShorthandArguments() {
        let tokens = marked("if #available(iOS 15, *) { f(true, nil, 0x1F, 1_000.5e-3, $0) }")
        #expect(tokens.contains(Token(.keyword, "#available")))
        #expect(tokens.contains(Token(.literal, "true")))
        #expect(tokens.contains(Token(.literal, "nil")))
        #expect(tokens.contains(Token(.number, "0x1F")))
        #expect(tokens.contains(Token(.number, "1_000.5e-3")))
        #expect(tokens.contains(Token(.variable, "$0")))
    }

    /// Members after a dot are not keywords (`.default`), and `await`/`try` are.
    @Test func membersAfterDotAreNotKeywords() {
        let tokens = marked("let s = try await session.data(from: url); let c = UNNotificationSound.default")
        #expect(tokens.contains(Token(.keyword, "try")))
        #expect(tokens.contains(Token(.keyword, "await")))
        #expect(tokens.contains(Token(.call, "data")))
        #expect(!tokens.contains(Token(.keyword, "default")))
    }

    /// An unterminated single-line string stops at the end of its line.
    @Test func unterminatedStringStopsAtEndOfLine() {
        let tokens = marked("let s = \"open\nlet t = 2")
        #expect(tokens.contains(Token(.string, "\"open")))
        #expect(tokens.last == Token(.number, "2"))
    }

    /// The HTML wraps tokens in spans with tk- classes and escapes the text.
    @Test func htmlWrapsTokensInClassedSpansAndEscapes() {
        let html = Highlighter.highlight(#"let a = "<b>" // x < y"#, language: "Swift")
        #expect(html == #"<span class="tk-keyword">let</span> a = <span class="tk-string">"&lt;b&gt;"</span> <span class="tk-comment">// x &lt; y</span>"#)
    }
}
