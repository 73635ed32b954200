import Payloads

/// A highlighted code block with an optional caption and a copy button (added by the page script).
enum CodePanel {
    /// The HTML of a code block: only the shown lines are in it, so copying copies what is shown.
    static func render(code: String, language: String, caption: String? = nil, id: String? = nil) -> String {
        let body = code.hasSuffix("\n") ? String(code.dropLast()) : code
        return wrap(Highlighter.highlight(body, language: language), language: language, caption: caption, id: id)
    }

    /// The HTML of a JSON block from the tokens `JSONWriter` wrote (nothing is lexed again).
    static func render(tokens: [JSONToken], caption: String? = nil, marked: (JSONToken) -> Bool = { _ in false }) -> String {
        wrap(Highlighter.highlight(tokens, marked: marked), language: "json", caption: caption)
    }

    private static func wrap(_ highlighted: String, language: String, caption: String?, id: String? = nil) -> String {
        var html = "<div class=\"code-block\"" + (id.map { " id=\"\(HTML.escapeAttribute($0))\"" } ?? "") + ">\n"
        if let caption, !caption.isEmpty { html += "<div class=\"code-caption\">\(HTML.escapeText(caption))</div>\n" }
        html += "<pre><code class=\"language-\(HTML.escapeAttribute(language))\">\(highlighted)</code></pre>\n</div>\n"
        return html
    }
}
