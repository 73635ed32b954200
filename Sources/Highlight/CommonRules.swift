/// Rules shared by several grammars: whitespace, comments, numbers, words, annotations.
enum CommonRules {
    /// Consumes a run of whitespace as plain text (first in every grammar, for speed).
    struct Whitespace: SyntaxRule {
        /// Emits the run of spaces, tabs and newlines at the position.
        func apply(to lexer: inout Lexer) -> Bool {
            var end = lexer.position
            while let byte = lexer.byte(at: end), Lexer.isWhitespace(byte) { end += 1 }
            guard end > lexer.position else { return false }
            lexer.emit(nil, upTo: end)
            return true
        }
    }

    /// A comment from `prefix` to the end of the line (`//`, `#`).
    struct LineComment: SyntaxRule {
        /// What starts the comment.
        var prefix: StaticString

        /// Emits the comment, not including the newline.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.matches(prefix) else { return false }
            lexer.emit(.comment, upTo: lexer.lineEnd(from: lexer.position))
            return true
        }
    }

    /// A `/* … */` comment; when `nests` is true (Swift, Dart) inner `/*` must be closed too. Unterminated runs to the end.
    struct BlockComment: SyntaxRule {
        /// Whether block comments nest.
        var nests: Bool

        /// Emits the comment up to and including its matching `*/`.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.matches("/*") else { return false }
            var depth = 1
            var i = lexer.position + 2
            while i < lexer.bytes.count {
                if lexer.matches("*/", at: i) {
                    depth -= 1
                    i += 2
                    if depth == 0 { break }
                } else if nests, lexer.matches("/*", at: i) {
                    depth += 1
                    i += 2
                } else {
                    i += 1
                }
            }
            lexer.emit(.comment, upTo: i)
            return true
        }
    }

    /// C-family numbers: `42`, `1_000`, `3.14`, `1e-9`, `0xFF`, `0b1010`, `0o17`, with an optional leading `-` when `allowsSign`.
    struct Number: SyntaxRule {
        /// Whether a `-` directly before a digit belongs to the number (JSON).
        var allowsSign = false

        /// Emits the number at the position, if one starts there.
        func apply(to lexer: inout Lexer) -> Bool {
            var i = lexer.position
            if allowsSign, lexer.byte(at: i) == UInt8(ascii: "-") { i += 1 }
            guard let first = lexer.byte(at: i), Lexer.isDigit(first) else { return false }
            // A digit glued to an identifier (`utf8`) is part of that identifier, which the word rule consumed.
            if let before = lexer.byte(at: lexer.position - 1), Lexer.isIdentifierByte(before) { return false }
            if first == UInt8(ascii: "0"), let radix = lexer.byte(at: i + 1),
               radix == UInt8(ascii: "x") || radix == UInt8(ascii: "X") || radix == UInt8(ascii: "b")
                || radix == UInt8(ascii: "o") || radix == UInt8(ascii: "B") || radix == UInt8(ascii: "O") {
                i += 2
                while let b = lexer.byte(at: i), Lexer.isIdentifierByte(b) && b < 0x80 { i += 1 }
                lexer.emit(.number, upTo: i)
                return true
            }
            i = digits(lexer, from: i)
            if lexer.byte(at: i) == UInt8(ascii: "."), let next = lexer.byte(at: i + 1), Lexer.isDigit(next) {
                i = digits(lexer, from: i + 1)
            }
            if let e = lexer.byte(at: i), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                var j = i + 1
                if let sign = lexer.byte(at: j), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { j += 1 }
                if let d = lexer.byte(at: j), Lexer.isDigit(d) { i = digits(lexer, from: j) }
            }
            lexer.emit(.number, upTo: i)
            return true
        }

        /// The end of a run of digits and underscores starting at `index`.
        private func digits(_ lexer: Lexer, from index: Int) -> Int {
            var i = index
            while let b = lexer.byte(at: i), Lexer.isDigit(b) || b == UInt8(ascii: "_") { i += 1 }
            return i
        }
    }

    /// An identifier, classified as keyword, literal, type, call or plain.
    ///
    /// After a `.` (member access) an identifier is never a keyword or type (`.default`, `.Type` stay plain
    /// unless called). Capitalised identifiers are types when `capitalisedAreTypes` is set.
    struct Word: SyntaxRule {
        /// Reserved words of the language.
        var keywords: Set<String>
        /// Words shown as literals (`true`, `nil`, `None`).
        var literals: Set<String>
        /// Whether capitalised identifiers are type names.
        var capitalisedAreTypes = true

        /// Emits the identifier at the position with its classification.
        func apply(to lexer: inout Lexer) -> Bool {
            let start = lexer.position
            let end = lexer.identifierEnd(from: start)
            guard end > start else { return false }
            let word = lexer.text(start..<end)
            let isMember = lexer.byte(at: start - 1) == UInt8(ascii: ".") && lexer.byte(at: start - 2) != UInt8(ascii: ".")
            let isCall = lexer.byte(at: end) == UInt8(ascii: "(")
            let kind: TokenKind?
            if literals.contains(word) {
                kind = .literal
            } else if !isMember, keywords.contains(word) {
                kind = .keyword
            } else if isCall {
                kind = capitalisedAreTypes && Lexer.isUppercase(lexer.bytes[start]) ? .type : .call
            } else if !isMember, capitalisedAreTypes, Lexer.isUppercase(lexer.bytes[start]) {
                kind = .type
            } else {
                kind = nil
            }
            lexer.emit(kind, upTo: end)
            return true
        }
    }

    /// `@name` annotations (`@escaping`, `@MainActor`, `@override`), optionally dotted (`@pytest.fixture`).
    struct Annotation: SyntaxRule {
        /// Whether the annotation must be the first thing on its line (Python decorators; elsewhere `@` is an operator).
        var mustStartLine = false
        /// Whether dotted names continue the annotation.
        var allowsDots = false

        /// Emits `@` and the name as an attribute.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "@") else { return false }
            var end = lexer.identifierEnd(from: lexer.position + 1)
            guard end > lexer.position + 1 else { return false }
            if mustStartLine, !lexer.isFirstOnLine(lexer.position) { return false }
            while allowsDots, lexer.byte(at: end) == UInt8(ascii: "."), lexer.identifierEnd(from: end + 1) > end + 1 {
                end = lexer.identifierEnd(from: end + 1)
            }
            lexer.emit(.attribute, upTo: end)
            return true
        }
    }
}
