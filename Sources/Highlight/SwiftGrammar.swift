/// Swift: comments (nested), strings (interpolated, multi-line, raw), numbers, attributes, directives, key paths, words.
enum SwiftGrammar {
    /// Swift's reserved and contextual keywords that read as keywords in code.
    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class",
        "consume", "continue", "convenience", "default", "defer", "deinit", "didSet", "do", "dynamic",
        "else", "enum", "extension", "fallthrough", "fileprivate", "final", "for", "func", "get", "guard",
        "if", "import", "in", "indirect", "infix", "init", "inout", "internal", "is", "isolated", "lazy",
        "let", "mutating", "nonisolated", "nonmutating", "open", "operator", "optional", "override",
        "package", "postfix", "precedencegroup", "prefix", "private", "protocol", "public", "repeat",
        "required", "rethrows", "return", "self", "Self", "set", "some", "static", "struct", "subscript",
        "super", "switch", "throw", "throws", "try", "typealias", "unowned", "var", "weak", "where",
        "while", "willSet", "sending", "borrowing", "consuming",
    ]

    /// The grammar, in priority order.
    static let grammar = Grammar([
        CommonRules.Whitespace(),
        CommonRules.LineComment(prefix: "//"),
        CommonRules.BlockComment(nests: true),
        StringLiteral(),
        KeyPath(),
        Directive(),
        CommonRules.Annotation(),
        DollarIdentifier(),
        CommonRules.Number(),
        BacktickIdentifier(),
        CommonRules.Word(keywords: keywords, literals: ["true", "false", "nil"]),
    ])

    /// `"…"`, `"""…"""`, and raw `#"…"#` strings, with `\(…)` (or `\#(…)`) interpolations highlighted as code.
    ///
    /// A single-line string stops at the end of its line if unterminated; a multi-line one runs to the end.
    struct StringLiteral: SyntaxRule {
        /// Emits the string, recursing into interpolations.
        func apply(to lexer: inout Lexer) -> Bool {
            var hashes = 0
            while lexer.byte(at: lexer.position + hashes) == UInt8(ascii: "#") { hashes += 1 }
            let quoteIndex = lexer.position + hashes
            guard lexer.byte(at: quoteIndex) == UInt8(ascii: "\"") else { return false }
            let multiline = lexer.matches(#"""""#, at: quoteIndex)
            var i = quoteIndex + (multiline ? 3 : 1)
            while i < lexer.bytes.count {
                let byte = lexer.bytes[i]
                if byte == UInt8(ascii: "\n"), !multiline { break }
                if byte == UInt8(ascii: "\\"), hashesFollow(hashes, in: lexer, at: i + 1) {
                    let afterEscape = i + 1 + hashes
                    if lexer.byte(at: afterEscape) == UInt8(ascii: "(") {
                        lexer.emit(.string, upTo: afterEscape + 1)
                        if lexer.runNested(opener: UInt8(ascii: "("), closer: UInt8(ascii: ")")) {
                            i = lexer.position
                            if lexer.current == UInt8(ascii: ")") { i += 1 }
                            continue
                        }
                        i = lexer.position
                        continue
                    }
                    i = afterEscape + 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let closeLength = multiline ? 3 : 1
                    if (!multiline || lexer.matches(#"""""#, at: i)), hashesFollow(hashes, in: lexer, at: i + closeLength) {
                        i += closeLength + hashes
                        lexer.emit(.string, upTo: i)
                        return true
                    }
                }
                i += 1
            }
            lexer.emit(.string, upTo: i)
            return true
        }

        /// Whether exactly `count` (or more) `#` follow at `index`.
        private func hashesFollow(_ count: Int, in lexer: Lexer, at index: Int) -> Bool {
            var n = 0
            while n < count, lexer.byte(at: index + n) == UInt8(ascii: "#") { n += 1 }
            return n == count
        }
    }

    /// Key paths: `\.sender`, `\.sender?.displayName`, `\Person.name`.
    struct KeyPath: SyntaxRule {
        /// Emits the whole key path as one token.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "\\") else { return false }
            var i = lexer.position + 1
            i = lexer.identifierEnd(from: i)
            var components = 0
            while true {
                var j = i
                while let b = lexer.byte(at: j), b == UInt8(ascii: "?") || b == UInt8(ascii: "!") { j += 1 }
                guard lexer.byte(at: j) == UInt8(ascii: ".") else { break }
                let end = lexer.identifierEnd(from: j + 1)
                guard end > j + 1 else { break }
                i = end
                components += 1
            }
            guard components > 0 else { return false }
            lexer.emit(.key, upTo: i)
            return true
        }
    }

    /// Compiler directives and macros: `#if`, `#available`, `#selector`, `#Preview`.
    struct Directive: SyntaxRule {
        /// Emits `#` and the name as a keyword.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "#") else { return false }
            let end = lexer.identifierEnd(from: lexer.position + 1)
            guard end > lexer.position + 1 else { return false }
            lexer.emit(.keyword, upTo: end)
            return true
        }
    }

    /// Closure shorthand arguments and projected values: `$0`, `$name`.
    struct DollarIdentifier: SyntaxRule {
        /// Emits `$` and what follows as a variable.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "$") else { return false }
            var end = lexer.position + 1
            while let b = lexer.byte(at: end), Lexer.isIdentifierByte(b) { end += 1 }
            guard end > lexer.position + 1 else { return false }
            lexer.emit(.variable, upTo: end)
            return true
        }
    }

    /// `` `default` ``: an escaped identifier, plain text.
    struct BacktickIdentifier: SyntaxRule {
        /// Emits the backticked name, backticks included, as plain text.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "`") else { return false }
            let end = lexer.identifierEnd(from: lexer.position + 1)
            guard end > lexer.position + 1, lexer.byte(at: end) == UInt8(ascii: "`") else { return false }
            lexer.emit(nil, upTo: end + 1)
            return true
        }
    }
}
