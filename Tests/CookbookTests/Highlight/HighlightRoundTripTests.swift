import Foundation
import Testing
@testable import Cookbook
import Highlight

/// The highlighter's core promise: it never fails, and the HTML decodes back to exactly the input.
@Suite struct HighlightRoundTripTests {
    /// Every language name the highlighter knows, plus one it does not.
    static let languages = ["swift", "json", "xml", "plist", "shell", "sh", "bash", "console", "dart", "python", "text"]

    /// Hand-written tricky samples: unterminated constructs, deep nesting, odd Unicode.
    static let samples: [String] = [
        "", "\"", "\"\"\"", "#\"", "##\"\"\"", "/*", "/* /* */", "\\(", "\"\\(", "\"\\(\"\\(\"\\(", "'''", "r'", "f\"{",
        "${", "$(", "<!--", "<![CDATA[", "<?", "<!DOCTYPE", "<a b='", "&amp", "\\", "`", "@", "#", "0x", "1e", "-",
        "é<é>🍰&", "\u{301}<\u{301}>\u{301}&\u{301}\"\u{301}", "\r\n\"a\r\n", "\0\u{7F}\u{FFFD}",
        String(repeating: "\"\\(", count: 200), String(repeating: "${'", count: 200), String(repeating: "f'{", count: 200),
        String(repeating: "$(\"", count: 200), String(repeating: "/*", count: 300),
    ]

    /// Characters that start or end tokens in some grammar, to build adversarial random inputs.
    static let alphabet: [String] = [
        "\"", "'", "`", "\\", "(", ")", "{", "}", "[", "]", "<", ">", "/", "*", "#", "$", "@", "!", "?", "-", "=", ":",
        ".", ",", ";", "&", "|", "\n", " ", "\t", "r", "f", "b", "x", "a", "Z", "0", "1", "e", "_", "é", "🍰", "\u{301}",
        "let", "func", "true", "null", "None", "<!--", "-->", "<![CDATA[", "]]>", "\"\"\"", "'''", "\\(", "${", "$(",
    ]

    /// Asserts the round-trip property for one input in every language.
    func checkRoundTrip(_ input: String) {
        for language in Self.languages {
            let html = Highlighter.highlight(input, language: language)
            #expect(HighlightTestSupport.plainText(ofHTML: html) == input, "language \(language), input \(input.debugDescription)")
            #expect(!html.contains("<script"), "raw markup leaked for \(language)")
            let tokens = SyntaxLexer.tokens(input, language: language)
            #expect(tokens.map(\.text).joined() == input)
        }
    }

    /// Hand-written tricky samples round-trip.
    @Test func trickySamplesRoundTrip() {
        for sample in Self.samples { checkRoundTrip(sample) }
    }

    /// Random sequences of syntax characters round-trip.
    @Test func randomSyntaxSoupRoundTrips() {
        var random = SplitMix64(state: 0x5EED)
        for _ in 0..<300 {
            let length = Int.random(in: 0..<80, using: &random)
            let input = (0..<length).map { _ in Self.alphabet.randomElement(using: &random) ?? "" }.joined()
            checkRoundTrip(input)
        }
    }

    /// Random bytes, decoded leniently as UTF-8, round-trip.
    @Test func randomBytesRoundTrip() {
        var random = SplitMix64(state: 42)
        for _ in 0..<300 {
            let length = Int.random(in: 0..<120, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            checkRoundTrip(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Large adversarial inputs finish quickly (the lexer is linear) and still round-trip.
    @Test(.timeLimit(.minutes(1)))
    func largeAdversarialInputsAreLinear() {
        let pieces = ["\"\\(", "/*", "<!--", "${'", "f'{", "$(\"", "#\"", "<a b=\"", "\\.a", "@"]
        for piece in pieces {
            let input = String(repeating: piece, count: 20_000)
            for language in Self.languages {
                let html = Highlighter.highlight(input, language: language)
                #expect(HighlightTestSupport.plainText(ofHTML: html) == input)
            }
        }
    }

    /// Every span the highlighter writes uses one of the documented classes.
    @Test func spansUseOnlyDocumentedClasses() throws {
        let known = Set(TokenKind.allCases.map(\.cssClass))
        let code = "let x = \"a\\(b)\" // c\n@objc func f() -> Int { return 0x1 + $0 }"
        let html = Highlighter.highlight(code, language: "swift")
        let regex = try NSRegularExpression(pattern: #"<span class="([^"]+)">"#)
        let ns = html as NSString
        for match in regex.matches(in: html, range: NSRange(location: 0, length: ns.length)) {
            #expect(known.contains(ns.substring(with: match.range(at: 1))))
        }
    }
}
