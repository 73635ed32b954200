import Testing
@testable import Cookbook
import Highlight

/// JSON and XML/plist highlighting.
@Suite struct DataHighlightingTests {
    /// JSON keys are told apart from string values.
    @Test func jsonKeysAreToldApartFromValues() {
        let tokens = HighlightTestSupport.marked(#"{"aps": {"alert": "hi \"there\"", "badge": -1.5e2, "x": [true, null]}}"#, "json")
        #expect(tokens == [
            Token(.key, #""aps""#),
            Token(.key, #""alert""#),
            Token(.string, #""hi \"there\"""#),
            Token(.key, #""badge""#),
            Token(.number, "-1.5e2"),
            Token(.key, #""x""#),
            Token(.literal, "true"),
            Token(.literal, "null"),
        ])
    }

    /// A key is still a key when whitespace or a newline stands before the colon.
    @Test func jsonKeyBeforeSpacedColon() {
        #expect(HighlightTestSupport.marked("{\"a\"\n  : 1}", "json").first == Token(.key, "\"a\""))
    }

    /// Plists get the declaration, doctype, tags, attributes, key text and numbers.
    @Test func plistShowsDeclarationDoctypeTagsAndKeys() {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>aps-environment</key>
          <string>a &amp; b</string>
          <integer>3</integer>
          <true/>
        </dict>
        </plist>
        """
        let tokens = HighlightTestSupport.marked(plist, "plist")
        #expect(tokens.prefix(6) == [
            Token(.keyword, "<?xml"), Token(.attribute, "version"), Token(.string, #""1.0""#),
            Token(.attribute, "encoding"), Token(.string, #""UTF-8""#), Token(.keyword, "?>"),
        ])
        #expect(tokens.contains(Token(.keyword, "<!DOCTYPE")))
        #expect(tokens.contains(Token(.string, #""-//Apple//DTD PLIST 1.0//EN""#)))
        #expect(tokens.contains(Token(.tag, "<plist")))
        #expect(tokens.contains(Token(.key, "aps-environment")))
        #expect(tokens.contains(Token(.tag, "</key>")))
        #expect(tokens.contains(Token(.literal, "&amp;")))
        #expect(tokens.contains(Token(.number, "3")))
        #expect(tokens.contains(Token(.tag, "<true/>")))
    }

    /// Comments and CDATA hide markup inside them.
    @Test func xmlCommentsAndCDATAAreSingleTokens() {
        let tokens = HighlightTestSupport.marked("<a><!-- <b> --><![CDATA[ <c> ]]></a>", "xml")
        #expect(tokens == [
            Token(.tag, "<a>"), Token(.comment, "<!-- <b> -->"), Token(.string, "<![CDATA[ <c> ]]>"), Token(.tag, "</a>"),
        ])
    }

    /// Unknown languages come back as escaped plain text.
    @Test func unknownLanguageIsEscapedPlainText() {
        #expect(Highlighter.highlight("<script>alert('x')</script>", language: "ruby") == "&lt;script&gt;alert('x')&lt;/script&gt;")
        #expect(!SyntaxLexer.supports("ruby"))
        #expect(SyntaxLexer.supports("PLIST"))
    }
}
