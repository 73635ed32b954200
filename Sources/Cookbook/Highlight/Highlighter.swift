import Payloads

/// Build-time syntax highlighting: turns code into escaped HTML with `<span class="tk-…">` around tokens.
///
/// Supported languages: `swift`; `json` (also `jsonc`, `apns`); `xml`, `plist`; `shell`, `sh`, `bash`,
/// `zsh`, `console`; `dart`; `python` (also `py`). Anything else comes back as escaped plain text.
/// Highlighting never fails and runs in linear time; with tags removed and entities decoded, the output
/// is exactly the input.
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
        guard let grammar = grammar(for: language) else { return HTML.escapeText(code) }
        var lexer = Lexer(code, grammar: grammar)
        lexer.run()
        var out: [UInt8] = []
        out.reserveCapacity(lexer.bytes.count * 2)
        for segment in lexer.segments {
            if let kind = segment.kind {
                out.append(contentsOf: "<span class=\"".utf8)
                out.append(contentsOf: kind.cssClass.utf8)
                out.append(contentsOf: "\">".utf8)
                HTML.appendEscaped(lexer.bytes[segment.range], quotes: false, to: &out)
                out.append(contentsOf: "</span>".utf8)
            } else {
                HTML.appendEscaped(lexer.bytes[segment.range], quotes: false, to: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The tokens of `code` as `language`, adjacent runs of one kind merged (for tests and tools).
    static func tokens(_ code: String, language: String) -> [Token] {
        guard let grammar = grammar(for: language) else { return code.isEmpty ? [] : [Token(nil, code)] }
        var lexer = Lexer(code, grammar: grammar)
        lexer.run()
        return lexer.segments.map { Token($0.kind, String(decoding: lexer.bytes[$0.range], as: UTF8.self)) }
    }

    /// Whether `language` is highlighted (rather than shown as plain text).
    static func supports(_ language: String) -> Bool {
        grammar(for: language) != nil
    }

    /// The grammar for a fence language name, or `nil` for plain text.
    static func grammar(for language: String) -> Grammar? {
        switch language.lowercased() {
        case "swift": SwiftGrammar.grammar
        case "json", "jsonc", "apns": JSONGrammar.grammar
        case "xml", "plist": XMLGrammar.grammar
        case "shell", "sh", "bash", "zsh": ShellGrammar.grammar
        case "console", "shell-session": ShellGrammar.consoleGrammar
        case "dart": DartGrammar.grammar
        case "python", "py": PythonGrammar.grammar
        default: nil
        }
    }
}
