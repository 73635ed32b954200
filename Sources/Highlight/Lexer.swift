/// The cursor that grammars drive: the source as UTF-8 bytes, a position, and the segments emitted so far.
///
/// Every byte is emitted exactly once, in order, so the segments always concatenate back to the input.
/// Token boundaries only fall on ASCII bytes or the ends of the input, so no UTF-8 sequence is split.
struct Lexer {
    /// A run of bytes and its kind (`nil` = plain).
    struct Segment: Sendable, Equatable {
        /// The kind of the run, or `nil` for plain text.
        var kind: TokenKind?
        /// The byte range in `Lexer.bytes`.
        var range: Range<Int>
    }

    /// The deepest interpolation nesting that is still highlighted as code; deeper is left inside the string.
    static let maximumNesting = 24

    /// The source, as UTF-8.
    let bytes: [UInt8]
    /// The grammar used for the top level and for interpolated code.
    let grammar: Grammar
    /// The index of the next byte to emit.
    private(set) var position = 0
    /// The emitted segments, adjacent runs of the same kind merged.
    private(set) var segments: [Segment] = []
    /// How many interpolations deep the lexer currently is.
    private(set) var nesting = 0
    /// Shell only: whether the next word is in command position (start of a line, after `|`, `;`, `&&`, `(`).
    var commandPosition = true

    /// Creates a lexer for `source` with `grammar`.
    init(_ source: String, grammar: Grammar) {
        self.bytes = Array(source.utf8)
        self.grammar = grammar
    }

    /// The byte at `index`, or `nil` past either end.
    func byte(at index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }

    /// The byte at the current position, or `nil` at the end.
    var current: UInt8? { byte(at: position) }

    /// Whether the ASCII `literal` appears at `index`.
    func matches(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            var i = 0
            while i < count {
                if bytes[index + i] != buffer[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// Whether the ASCII `literal` appears at the current position.
    func matches(_ literal: StaticString) -> Bool {
        matches(literal, at: position)
    }

    /// Emits `position..<end` as `kind` and moves to `end` (clamped to the input; never backwards).
    mutating func emit(_ kind: TokenKind?, upTo end: Int) {
        let end = min(max(end, position), bytes.count)
        guard end > position else { return }
        if let last = segments.last, last.kind == kind, last.range.upperBound == position {
            segments[segments.count - 1].range = last.range.lowerBound..<end
        } else {
            segments.append(Segment(kind: kind, range: position..<end))
        }
        position = end
    }

    /// Emits the next whole Unicode scalar as plain text.
    mutating func emitPlainScalar() {
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        emit(nil, upTo: end)
    }

    /// Runs the grammar to the end of the input.
    mutating func run() {
        run(opener: nil, closer: nil)
    }

    /// Runs the grammar for interpolated code until an unbalanced `closer` (left unconsumed) or the end.
    ///
    /// Returns `false`, consuming nothing, when the nesting limit is reached; the caller then treats the
    /// interpolation as ordinary string content, which keeps deeply nested input from exhausting the stack.
    mutating func runNested(opener: UInt8, closer: UInt8) -> Bool {
        guard nesting < Self.maximumNesting else { return false }
        nesting += 1
        let savedCommandPosition = commandPosition
        commandPosition = true
        run(opener: opener, closer: closer)
        commandPosition = savedCommandPosition
        nesting -= 1
        return true
    }

    /// The main loop: at each position, the first rule that applies consumes a token; otherwise one scalar is plain.
    private mutating func run(opener: UInt8?, closer: UInt8?) {
        let rules = grammar.rules
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if let closer, byte == closer {
                if depth == 0 { return }
                depth -= 1
            } else if let opener, byte == opener {
                depth += 1
            }
            let start = position
            for rule in rules where rule.apply(to: &self) {
                break
            }
            if position == start { emitPlainScalar() }
        }
    }

    /// Whether `byte` can appear in an identifier: ASCII letters, digits, `_`, and any non-ASCII byte.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    /// Whether `byte` can start an identifier: ASCII letters, `_`, and any non-ASCII byte.
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    /// Whether `byte` is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// Whether `byte` is an ASCII uppercase letter.
    static func isUppercase(_ byte: UInt8) -> Bool {
        byte >= 0x41 && byte <= 0x5A
    }

    /// Whether `byte` is a space, tab, carriage return or newline.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Emits the Dart or Python string whose opening quote (`'` or `"`, perhaps tripled) is at `start`,
    /// from the current position (so a prefix such as `r` or `f` is part of it); false, emitting
    /// nothing, when no quote is there. A single-quoted string stops at the end of its line if it is
    /// unterminated; `\` skips the next byte when `escapes`. At every other byte, `interpolation` may
    /// emit what it splits out of the string and move the index past it (true), or leave it (false).
    mutating func emitQuotedString(at start: Int, escapes: Bool, interpolation: (inout Lexer, inout Int) -> Bool) -> Bool {
        guard let quote = byte(at: start), quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else { return false }
        let triple = byte(at: start + 1) == quote && byte(at: start + 2) == quote
        var i = start + (triple ? 3 : 1)
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n"), !triple { break }
            if b == UInt8(ascii: "\\"), escapes { i += 2; continue }
            if b == quote, !triple || (byte(at: i + 1) == quote && byte(at: i + 2) == quote) {
                i += triple ? 3 : 1
                break
            }
            if interpolation(&self, &i) { continue }
            i += 1
        }
        emit(.string, upTo: i)
        return true
    }

    /// The end of the identifier starting at `index` (equal to `index` if there is none).
    func identifierEnd(from index: Int) -> Int {
        guard let first = byte(at: index), Self.isIdentifierStart(first) else { return index }
        var end = index + 1
        while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
        return end
    }

    /// The bytes of `range` as a string, for keyword lookups.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The index of the next newline at or after `index`, or the end of the input.
    func lineEnd(from index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end
    }

    /// Whether only spaces and tabs stand between the start of the line and `index`.
    func isFirstOnLine(_ index: Int) -> Bool {
        var i = index - 1
        while i >= 0, bytes[i] == 0x20 || bytes[i] == 0x09 { i -= 1 }
        return i < 0 || bytes[i] == 0x0A
    }
}
