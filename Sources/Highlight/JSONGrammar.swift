/// JSON (and `.apns` files): keys, strings, numbers, `true`/`false`/`null`; `//` and `/* */` comments are tolerated.
enum JSONGrammar {
    /// The grammar, in priority order.
    static let grammar = Grammar([
        CommonRules.Whitespace(),
        StringOrKey(),
        CommonRules.Number(allowsSign: true),
        CommonRules.LineComment(prefix: "//"),
        CommonRules.BlockComment(nests: false),
        CommonRules.Word(keywords: [], literals: ["true", "false", "null"], capitalisedAreTypes: false),
    ])

    /// A string; it is an object key when the next non-space character is `:`. Unterminated stops at the end of the line.
    struct StringOrKey: SyntaxRule {
        /// Emits the string as `key` or `string`.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "\"") else { return false }
            var i = lexer.position + 1
            var closed = false
            while i < lexer.bytes.count {
                let byte = lexer.bytes[i]
                if byte == UInt8(ascii: "\n") { break }
                if byte == UInt8(ascii: "\\") { i += 2; continue }
                i += 1
                if byte == UInt8(ascii: "\"") { closed = true; break }
            }
            i = min(i, lexer.bytes.count)
            var j = i
            while closed, let b = lexer.byte(at: j), Lexer.isWhitespace(b) { j += 1 }
            let isKey = closed && lexer.byte(at: j) == UInt8(ascii: ":")
            lexer.emit(isKey ? .key : .string, upTo: i)
            return true
        }
    }
}
