/// The highlighter's entry point: code in a named language, lexed into runs of one kind each.
///
/// Supported languages (case-insensitive): `swift`; `json` (also `jsonc`, `apns`); `xml`, `plist`;
/// `shell`, `sh`, `bash`, `zsh`; `console`, `shell-session`; `dart`; `python` (also `py`). Lexing
/// never fails and runs in linear time; the runs cover every byte of the input once, in order, and
/// split no UTF-8 sequence.
public enum SyntaxLexer {
    /// A run of the input: its kind (`nil` for plain text) and its byte range in the input's UTF-8.
    public typealias Run = (kind: TokenKind?, range: Range<Int>)

    /// `code` as UTF-8 and its runs, adjacent runs of one kind merged; nil when `language` is not highlighted.
    public static func runs(of code: String, language: String) -> (bytes: [UInt8], runs: [Run])? {
        guard let grammar = grammar(for: language) else { return nil }
        var lexer = Lexer(code, grammar: grammar)
        lexer.run()
        return (lexer.bytes, lexer.segments.map { ($0.kind, $0.range) })
    }

    /// The tokens of `code` as `language`, adjacent runs of one kind merged (one plain token when it is not highlighted).
    public static func tokens(_ code: String, language: String) -> [Token] {
        guard let (bytes, runs) = runs(of: code, language: language) else { return code.isEmpty ? [] : [Token(nil, code)] }
        return runs.map { Token($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    /// Whether `language` is highlighted (rather than shown as plain text).
    public static func supports(_ language: String) -> Bool {
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
