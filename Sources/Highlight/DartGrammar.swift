/// Dart: comments (nested), strings (`'…'`, `"…"`, triple-quoted, raw `r'…'`) with `$name` and `${…}`
/// interpolation, numbers, annotations, keywords (`async`, `await`, …), types and calls.
enum DartGrammar {
    /// Dart's reserved words, built-in identifiers and contextual keywords.
    static let keywords: Set<String> = [
        "abstract", "as", "assert", "async", "await", "base", "break", "case", "catch", "class", "const",
        "continue", "covariant", "default", "deferred", "do", "dynamic", "else", "enum", "export", "extends",
        "extension", "external", "factory", "final", "finally", "for", "get", "hide", "if", "implements",
        "import", "in", "interface", "is", "late", "library", "mixin", "new", "on", "operator", "part",
        "required", "rethrow", "return", "sealed", "set", "show", "static", "super", "switch", "sync", "this",
        "throw", "try", "typedef", "var", "void", "when", "while", "with", "yield",
    ]

    /// The grammar, in priority order.
    static let grammar = Grammar([
        CommonRules.Whitespace(),
        CommonRules.LineComment(prefix: "//"),
        CommonRules.BlockComment(nests: true),
        StringLiteral(),
        CommonRules.Annotation(allowsDots: true),
        CommonRules.Number(),
        CommonRules.Word(keywords: keywords, literals: ["true", "false", "null"]),
    ])

    /// A Dart string with optional `r` prefix; single-line ones stop at the end of the line if unterminated.
    struct StringLiteral: SyntaxRule {
        /// Emits the string, with interpolated variables and expressions split out.
        func apply(to lexer: inout Lexer) -> Bool {
            var i = lexer.position
            let raw = lexer.current == UInt8(ascii: "r")
            if raw {
                // `r` must stand alone: not the end of an identifier like `bar'`.
                if let before = lexer.byte(at: i - 1), Lexer.isIdentifierByte(before) { return false }
                i += 1
            }
            return lexer.emitQuotedString(at: i, escapes: !raw) { lexer, i in
                guard !raw, lexer.bytes[i] == UInt8(ascii: "$") else { return false }
                if lexer.byte(at: i + 1) == UInt8(ascii: "{") {
                    lexer.emit(.string, upTo: i)
                    lexer.emit(.variable, upTo: i + 2)
                    if lexer.runNested(opener: UInt8(ascii: "{"), closer: UInt8(ascii: "}")) {
                        if lexer.current == UInt8(ascii: "}") { lexer.emit(.variable, upTo: lexer.position + 1) }
                    }
                    i = lexer.position
                    return true
                }
                var end = i + 1
                while let c = lexer.byte(at: end), c < 0x80, Lexer.isIdentifierByte(c) { end += 1 }
                guard end > i + 1, !Lexer.isDigit(lexer.bytes[i + 1]) else { return false }
                lexer.emit(.string, upTo: i)
                lexer.emit(.variable, upTo: end)
                i = end
                return true
            }
        }
    }
}
