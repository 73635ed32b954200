/// POSIX shell, bash and console sessions: comments, quoting, `$` expansions, `\` continuations,
/// command words, options and assignments. In `console` blocks, only lines after a `$ ` or `% ` prompt
/// (and their continuations) are code; other lines are output, shown plain.
enum ShellGrammar {
    /// Shell reserved words and common builtins that read as keywords.
    static let keywords: Set<String> = [
        "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
        "function", "select", "time", "return", "export", "local", "readonly", "declare", "unset", "set",
    ]

    /// Words after which the next word is again in command position (`if grep …`, `export NAME=…`, `sudo cmd`).
    static let commandPrefixes: Set<String> = [
        "if", "then", "else", "elif", "do", "while", "until", "time", "export", "local", "readonly", "declare",
        "sudo", "env", "exec", "xargs", "!",
    ]

    /// The grammar for scripts (`shell`, `sh`, `bash`).
    static let grammar = Grammar(rules(console: false))

    /// The grammar for terminal sessions (`console`).
    static let consoleGrammar = Grammar(rules(console: true))

    /// The rules, in priority order; console sessions start with the prompt rule.
    static func rules(console: Bool) -> [any SyntaxRule] {
        var rules: [any SyntaxRule] = []
        if console { rules.append(ConsoleLine()) }
        rules += [
            Blank(),
            Separator(),
            Escape(),
            Comment(),
            SingleQuoted(),
            DoubleQuoted(),
            Expansion(),
            Backticks(),
            Word(),
        ]
        return rules
    }

    /// Whether the line holding `index` is a continuation of the previous one (which ended in `\`).
    static func continuesPreviousLine(_ lexer: Lexer, lineStart: Int) -> Bool {
        var i = lineStart - 2
        if lexer.byte(at: i) == UInt8(ascii: "\r") { i -= 1 }
        return lineStart >= 2 && lexer.byte(at: lineStart - 1) == UInt8(ascii: "\n") && lexer.byte(at: i) == UInt8(ascii: "\\")
    }

    /// In a console session, at the start of a line: a `$ `/`% ` prompt becomes punctuation; an output line is plain.
    struct ConsoleLine: SyntaxRule {
        /// Emits the prompt, or the whole output line.
        func apply(to lexer: inout Lexer) -> Bool {
            let start = lexer.position
            guard start == 0 || lexer.byte(at: start - 1) == UInt8(ascii: "\n"), lexer.nesting == 0 else { return false }
            if ShellGrammar.continuesPreviousLine(lexer, lineStart: start) { return false }
            var i = start
            while let b = lexer.byte(at: i), b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") { i += 1 }
            if let prompt = lexer.byte(at: i), prompt == UInt8(ascii: "$") || prompt == UInt8(ascii: "%"),
               lexer.byte(at: i + 1) == UInt8(ascii: " ") || lexer.byte(at: i + 1) == nil || lexer.byte(at: i + 1) == UInt8(ascii: "\n") {
                lexer.emit(nil, upTo: i)
                lexer.emit(.punct, upTo: i + 1)
                lexer.commandPosition = true
                return true
            }
            let end = lexer.lineEnd(from: start)
            guard end > start else { return false }
            lexer.emit(nil, upTo: end)
            return true
        }
    }

    /// Spaces and tabs (a newline is a separator).
    struct Blank: SyntaxRule {
        /// Emits the run of blanks.
        func apply(to lexer: inout Lexer) -> Bool {
            var end = lexer.position
            while let b = lexer.byte(at: end), b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") { end += 1 }
            guard end > lexer.position else { return false }
            lexer.emit(nil, upTo: end)
            return true
        }
    }

    /// Newlines and `|`, `;`, `&`, `(`, `)`, `{`, `}`: they put the next word in command position.
    struct Separator: SyntaxRule {
        /// Emits the separator as plain text.
        func apply(to lexer: inout Lexer) -> Bool {
            guard let b = lexer.current else { return false }
            switch b {
            case UInt8(ascii: "\n"), UInt8(ascii: "|"), UInt8(ascii: ";"), UInt8(ascii: "&"), UInt8(ascii: "("), UInt8(ascii: "{"):
                lexer.commandPosition = true
            case UInt8(ascii: ")"), UInt8(ascii: "}"):
                lexer.commandPosition = false
            default:
                return false
            }
            lexer.emit(nil, upTo: lexer.position + 1)
            return true
        }
    }

    /// `\` followed by a character; before a newline it is a line continuation, shown as punctuation.
    struct Escape: SyntaxRule {
        /// Emits the escape pair.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "\\") else { return false }
            var next = lexer.position + 1
            if lexer.byte(at: next) == UInt8(ascii: "\r") { next += 1 }
            if lexer.byte(at: next) == UInt8(ascii: "\n") {
                lexer.emit(.punct, upTo: lexer.position + 1)
                lexer.emit(nil, upTo: next + 1)
                return true
            }
            guard lexer.byte(at: lexer.position + 1) != nil else { return false }
            lexer.emit(nil, upTo: lexer.position + 1)
            lexer.emitPlainScalar()
            lexer.commandPosition = false
            return true
        }
    }

    /// `#` at the start of a word, to the end of the line.
    struct Comment: SyntaxRule {
        /// Emits the comment.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "#") else { return false }
            if let before = lexer.byte(at: lexer.position - 1), !Lexer.isWhitespace(before),
               !"|;&(){}".utf8.contains(before) { return false }
            lexer.emit(.comment, upTo: lexer.lineEnd(from: lexer.position))
            return true
        }
    }

    /// `'…'` (nothing is special inside) and `$'…'` (backslash escapes); unterminated runs to the end.
    struct SingleQuoted: SyntaxRule {
        /// Emits the string.
        func apply(to lexer: inout Lexer) -> Bool {
            let ansi = lexer.matches("$'")
            guard ansi || lexer.current == UInt8(ascii: "'") else { return false }
            var i = lexer.position + (ansi ? 2 : 1)
            while i < lexer.bytes.count {
                let b = lexer.bytes[i]
                if ansi, b == UInt8(ascii: "\\") { i += 2; continue }
                i += 1
                if b == UInt8(ascii: "'") { break }
            }
            lexer.emit(.string, upTo: i)
            lexer.commandPosition = false
            return true
        }
    }

    /// `"…"` with `\` escapes, `$VAR`/`${…}` shown as variables and `$(…)` highlighted as commands.
    struct DoubleQuoted: SyntaxRule {
        /// Emits the string, splitting out expansions.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "\"") else { return false }
            var i = lexer.position + 1
            while i < lexer.bytes.count {
                let b = lexer.bytes[i]
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "\"") { i += 1; break }
                if b == UInt8(ascii: "$"), Expansion.length(in: lexer, at: i) > 0 || lexer.byte(at: i + 1) == UInt8(ascii: "(") {
                    lexer.emit(.string, upTo: i)
                    _ = Expansion().apply(to: &lexer)
                    i = lexer.position
                    continue
                }
                i += 1
            }
            lexer.emit(.string, upTo: i)
            lexer.commandPosition = false
            return true
        }
    }

    /// `$NAME`, `${…}`, `$1`, `$?`, `$@`, and `$(…)` command substitution (its contents highlighted as shell).
    struct Expansion: SyntaxRule {
        /// The length of a variable expansion at `index` (not `$(`), or 0.
        static func length(in lexer: Lexer, at index: Int) -> Int {
            guard lexer.byte(at: index) == UInt8(ascii: "$"), let next = lexer.byte(at: index + 1) else { return 0 }
            if next == UInt8(ascii: "{") {
                var i = index + 2
                while let b = lexer.byte(at: i), b != UInt8(ascii: "}"), b != UInt8(ascii: "\n") { i += 1 }
                return (lexer.byte(at: i) == UInt8(ascii: "}") ? i + 1 : i) - index
            }
            if "?@#*$!-0123456789".utf8.contains(next) { return 2 }
            if next < 0x80, Lexer.isIdentifierStart(next) {
                var i = index + 2
                while let b = lexer.byte(at: i), b < 0x80, Lexer.isIdentifierByte(b) { i += 1 }
                return i - index
            }
            return 0
        }

        /// Emits the expansion.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "$") else { return false }
            if lexer.byte(at: lexer.position + 1) == UInt8(ascii: "(") {
                lexer.emit(.variable, upTo: lexer.position + 2)
                if lexer.runNested(opener: UInt8(ascii: "("), closer: UInt8(ascii: ")")), lexer.current == UInt8(ascii: ")") {
                    lexer.emit(.variable, upTo: lexer.position + 1)
                }
                lexer.commandPosition = false
                return true
            }
            let length = Self.length(in: lexer, at: lexer.position)
            guard length > 0 else { return false }
            lexer.emit(.variable, upTo: lexer.position + length)
            lexer.commandPosition = false
            return true
        }
    }

    /// `` `…` `` command substitution, shown as a string; unterminated runs to the end.
    struct Backticks: SyntaxRule {
        /// Emits the substitution.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "`") else { return false }
            var i = lexer.position + 1
            while i < lexer.bytes.count {
                let b = lexer.bytes[i]
                if b == UInt8(ascii: "\\") { i += 2; continue }
                i += 1
                if b == UInt8(ascii: "`") { break }
            }
            lexer.emit(.string, upTo: i)
            lexer.commandPosition = false
            return true
        }
    }

    /// A word: keyword or command in command position, `NAME=` assignment, `-option`, number, or argument.
    struct Word: SyntaxRule {
        /// Bytes that end a word.
        static let delimiters = Set(" \t\r\n|&;()<>\"'`$\\{}".utf8)

        /// Emits the word with its classification.
        func apply(to lexer: inout Lexer) -> Bool {
            let start = lexer.position
            var end = start
            while let b = lexer.byte(at: end), !Self.delimiters.contains(b) {
                if b == UInt8(ascii: "=") { break }
                end += 1
            }
            if lexer.byte(at: end) == UInt8(ascii: "="), end > start,
               lexer.identifierEnd(from: start) == end, lexer.commandPosition {
                lexer.emit(.variable, upTo: end)
                lexer.emit(nil, upTo: end + 1)
                return true
            }
            while let b = lexer.byte(at: end), !Self.delimiters.contains(b) { end += 1 }
            guard end > start else { return false }
            let word = lexer.text(start..<end)
            let first = lexer.bytes[start]
            let kind: TokenKind?
            if lexer.commandPosition {
                kind = keywords.contains(word) ? .keyword : .call
                lexer.commandPosition = commandPrefixes.contains(word)
            } else if first == UInt8(ascii: "-"), end - start > 1 {
                kind = .attribute
            } else if word.utf8.allSatisfy(Lexer.isDigit) {
                kind = .number
            } else {
                kind = nil
            }
            lexer.emit(kind, upTo: end)
            return true
        }
    }
}
