/// The tokens of Swift source that the availability check reads: identifiers (with a leading `#`
/// or `@` for directives and attributes), numbers (with their dots, `15.0`), and single-character
/// punctuation; comments and string literals are skipped, and lines a snippet hides are blanked
/// by the caller. Linear in the source; never fails.
struct SwiftTokens {
    /// One token with its 1-based line and column.
    struct Token: Equatable {
        /// The text.
        var text: String
        /// The line.
        var line: Int
        /// The column (in bytes).
        var column: Int
        /// True for an identifier, keyword, `#directive` or `@attribute`.
        var isWord: Bool { text.first.map { $0.isLetter || $0 == "_" || $0 == "#" || $0 == "@" } ?? false }
    }

    /// The tokens, in order.
    private(set) var tokens: [Token] = []

    /// Tokenizes `source`.
    init(_ source: String) {
        let bytes = Array(source.utf8)
        var i = 0, line = 1, lineStart = 0
        func isWordByte(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80 }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { line += 1; i += 1; lineStart = i; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1; continue }
            // Comments: // to the end of the line; /* … */ nested.
            if b == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2F {
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
                continue
            }
            if b == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2A {
                var depth = 0
                while i < bytes.count {
                    if bytes[i] == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2A { depth += 1; i += 2; continue }
                    if bytes[i] == 0x2A, i + 1 < bytes.count, bytes[i + 1] == 0x2F { depth -= 1; i += 2; if depth == 0 { break }; continue }
                    if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
                    i += 1
                }
                continue
            }
            // String literals, single-line and multi-line, raw or not: skipped whole.
            if b == 0x22 || (b == 0x23 && Self.startsRawString(bytes, at: i)) {
                var hashes = 0
                while i < bytes.count && bytes[i] == 0x23 { hashes += 1; i += 1 }
                let multi = i + 2 < bytes.count && bytes[i] == 0x22 && bytes[i + 1] == 0x22 && bytes[i + 2] == 0x22
                i += multi ? 3 : 1
                while i < bytes.count {
                    if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
                    if bytes[i] == 0x5C && hashes == 0 { i += 2; continue }
                    let closes = multi ? (i + 2 < bytes.count && bytes[i] == 0x22 && bytes[i + 1] == 0x22 && bytes[i + 2] == 0x22) : bytes[i] == 0x22
                    if closes {
                        var end = i + (multi ? 3 : 1)
                        var count = 0
                        while count < hashes, end < bytes.count, bytes[end] == 0x23 { count += 1; end += 1 }
                        if count == hashes { i = end; break }
                    }
                    if !multi && bytes[i] == 0x0A { break }
                    i += 1
                }
                continue
            }
            let start = i
            if isWordByte(b) && !(b >= 0x30 && b <= 0x39) || ((b == 0x23 || b == 0x40) && i + 1 < bytes.count && isWordByte(bytes[i + 1])) {
                i += 1
                while i < bytes.count && isWordByte(bytes[i]) { i += 1 }
            } else if b >= 0x30 && b <= 0x39 {
                while i < bytes.count && (isWordByte(bytes[i]) || (bytes[i] == 0x2E && i + 1 < bytes.count && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39)) { i += 1 }
            } else if b == 0x60 {
                // `escaped` identifiers: the name without the backticks.
                i += 1
                let nameStart = i
                while i < bytes.count && bytes[i] != 0x60 && bytes[i] != 0x0A { i += 1 }
                tokens.append(Token(text: String(decoding: bytes[nameStart..<i], as: UTF8.self), line: line, column: start - lineStart + 1))
                if i < bytes.count && bytes[i] == 0x60 { i += 1 }
                continue
            } else {
                i += 1
                while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
            }
            tokens.append(Token(text: String(decoding: bytes[start..<i], as: UTF8.self), line: line, column: start - lineStart + 1))
        }
    }

    /// True when `#` at `index` opens a raw string (`#"…"#`).
    private static func startsRawString(_ bytes: [UInt8], at index: Int) -> Bool {
        var i = index
        while i < bytes.count && bytes[i] == 0x23 { i += 1 }
        return i < bytes.count && bytes[i] == 0x22
    }
}
