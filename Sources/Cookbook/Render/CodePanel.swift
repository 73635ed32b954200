/// A highlighted code block with an optional caption and a copy button (added by the page script).
enum CodePanel {
    /// The HTML of a code block: only the shown lines are in it, so copying copies what is shown.
    static func render(code: String, language: String, caption: String? = nil) -> String {
        var html = "<div class=\"code-block\">\n"
        if let caption, !caption.isEmpty { html += "<div class=\"code-caption\">\(HTML.escapeText(caption))</div>\n" }
        let body = code.hasSuffix("\n") ? String(code.dropLast()) : code
        html += "<pre><code class=\"language-\(HTML.escapeAttribute(language))\">\(Highlighter.highlight(body, language: language))</code></pre>\n</div>\n"
        return html
    }
}
