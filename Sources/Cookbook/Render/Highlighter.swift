import Highlight
import Payloads

/// Build-time syntax highlighting: code lexed by `SyntaxLexer` (the Highlight library) as escaped
/// HTML with `<span class="tk-…">` around tokens. A language it does not highlight comes back as
/// escaped plain text. With tags removed and entities decoded, the output is exactly the input.
enum Highlighter {
    /// HTML for JSON that `JSONWriter.tokens` wrote: each token already says what it is, so nothing is lexed.
    /// Tokens for which `marked` is true are wrapped in `<mark class="changed">` (adjacent ones share one).
    static func highlight(_ tokens: [JSONToken], marked: (JSONToken) -> Bool = { _ in false }) -> String {
        var out: [UInt8] = []
        var open = false
        for token in tokens {
            let mark = marked(token)
            if mark != open {
                out.append(contentsOf: (mark ? "<mark class=\"changed\">" : "</mark>").utf8)
                open = mark
            }
            if let kind = kind(of: token.kind) {
                out.append(contentsOf: "<span class=\"".utf8)
                out.append(contentsOf: kind.cssClass.utf8)
                out.append(contentsOf: "\">".utf8)
                HTML.appendEscaped(token.text.utf8, quotes: false, to: &out)
                out.append(contentsOf: "</span>".utf8)
            } else {
                HTML.appendEscaped(token.text.utf8, quotes: false, to: &out)
            }
        }
        if open { out.append(contentsOf: "</mark>".utf8) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The highlight kind of a written JSON token (`nil` for plain punctuation), as the JSON grammar would lex it.
    static func kind(of kind: JSONToken.Kind) -> TokenKind? {
        switch kind {
        case .key: .key
        case .string: .string
        case .number: .number
        case .literal: .literal
        case .punctuation: nil
        }
    }

    /// Highlights `code` as `language` (case-insensitive) and returns HTML for the inside of a `<code>` element.
    static func highlight(_ code: String, language: String) -> String {
        guard let (bytes, runs) = SyntaxLexer.runs(of: code, language: language) else { return HTML.escapeText(code) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for run in runs {
            if let kind = run.kind {
                out.append(contentsOf: "<span class=\"".utf8)
                out.append(contentsOf: kind.cssClass.utf8)
                out.append(contentsOf: "\">".utf8)
                HTML.appendEscaped(bytes[run.range], quotes: false, to: &out)
                out.append(contentsOf: "</span>".utf8)
            } else {
                HTML.appendEscaped(bytes[run.range], quotes: false, to: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension TokenKind {
    /// The CSS class for this kind, e.g. `tk-keyword`.
    var cssClass: String { "tk-" + rawValue }
}
