/// Python: comments, strings with prefixes (`r`, `b`, `f`, …) and triple quotes, f-string `{…}` fields,
/// decorators, numbers, keywords, `True`/`False`/`None`, classes and calls.
enum PythonGrammar {
    /// Python's keywords and soft keywords, plus `self` and `cls` which read as keywords.
    static let keywords: Set<String> = [
        "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
        "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not",
        "or", "pass", "raise", "return", "try", "while", "with", "yield", "match", "case", "self", "cls",
    ]

    /// The grammar, in priority order.
    static let grammar = Grammar([
        CommonRules.Whitespace(),
        CommonRules.LineComment(prefix: "#"),
        StringLiteral(),
        CommonRules.Annotation(mustStartLine: true, allowsDots: true),
        CommonRules.Number(),
        CommonRules.Word(keywords: keywords, literals: ["True", "False", "None"]),
    ])

    /// A string with an optional prefix; single-quoted ones stop at the end of the line if unterminated.
    struct StringLiteral: SyntaxRule {
        /// Emits the string, highlighting `{…}` replacement fields of f-strings as code.
        func apply(to lexer: inout Lexer) -> Bool {
            let start = lexer.position
            if let before = lexer.byte(at: start - 1), Lexer.isIdentifierByte(before) { return false }
            var i = start
            var formatted = false
            while i - start < 2, let b = lexer.byte(at: i), "rRbBuUfF".utf8.contains(b) {
                formatted = formatted || b == UInt8(ascii: "f") || b == UInt8(ascii: "F")
                i += 1
            }
            // `\` escapes in raw strings too: r'\'' is one string.
            return lexer.emitQuotedString(at: i, escapes: true) { lexer, i in
                guard formatted, lexer.bytes[i] == UInt8(ascii: "{") else { return false }
                if lexer.byte(at: i + 1) == UInt8(ascii: "{") { i += 2; return true }
                lexer.emit(.string, upTo: i + 1)
                if lexer.runNested(opener: UInt8(ascii: "{"), closer: UInt8(ascii: "}")) {
                    i = lexer.position
                    if lexer.current == UInt8(ascii: "}") { i += 1 }
                } else {
                    i = lexer.position
                }
                return true
            }
        }
    }
}
