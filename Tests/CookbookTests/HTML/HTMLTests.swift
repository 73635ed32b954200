import Testing
@testable import Cookbook

/// Escaping of text and attribute values.
@Suite struct HTMLTests {
    /// Text escaping neutralises tags and entities.
    @Test func escapeTextTurnsScriptTagsIntoText() {
        #expect(HTML.escapeText("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(HTML.escapeText("a & b &amp;") == "a &amp; b &amp;amp;")
    }

    /// Text escaping leaves quotes alone, which are harmless between tags.
    @Test func escapeTextKeepsQuotes() {
        #expect(HTML.escapeText(#"say "hi" it's"#) == #"say "hi" it's"#)
    }

    /// Attribute escaping also escapes both quote characters, so a value cannot close its attribute.
    @Test func escapeAttributeEscapesBothQuotes() {
        let hostile = #"x" onerror="alert(1)' onload='y"#
        let escaped = HTML.escapeAttribute(hostile)
        #expect(escaped == "x&quot; onerror=&quot;alert(1)&#39; onload=&#39;y")
        #expect(!escaped.contains("\""))
        #expect(!escaped.contains("'"))
    }

    /// Attribute escaping handles the characters text escaping handles.
    @Test func escapeAttributeEscapesAngleBracketsAndAmpersands() {
        #expect(HTML.escapeAttribute("<img src=x onerror=alert(1)>&") == "&lt;img src=x onerror=alert(1)&gt;&amp;")
    }

    /// Strings with nothing to escape come back unchanged, including non-ASCII text.
    @Test func escapingLeavesPlainUnicodeUntouched() {
        let s = "Café 🍰 — ünïcødé\n\ttabs"
        #expect(HTML.escapeText(s) == s)
        #expect(HTML.escapeAttribute(s) == s)
        #expect(HTML.escapeText("") == "")
    }

    /// Multi-byte characters next to escaped ones survive intact.
    @Test func escapingPreservesMultiByteCharactersAroundEntities() {
        #expect(HTML.escapeText("é<é>🍰&") == "é&lt;é&gt;🍰&amp;")
    }

    /// What the attribute escaper writes, the link check's unescape reads back as it was.
    @Test("unescape reads back exactly what escapeAttribute wrote, and leaves any other & as it is")
    func unescapeInvertsEscapeAttribute() {
        for original in [#"a.html?x=1&y="2"#, "<'>&amp;lt;", "&#39;&quot;", "plain ü 🚀", "&", "&;&x;", ""] {
            let escaped = HTML.escapeAttribute(original)
            let decoded = Array(escaped.utf8).withUnsafeBufferPointer(HTML.unescape)
            #expect(decoded == original, "\(original) → \(escaped) → \(decoded)")
        }
        #expect(Array("&nbsp;&amp".utf8).withUnsafeBufferPointer(HTML.unescape) == "&nbsp;&amp")
    }
}
