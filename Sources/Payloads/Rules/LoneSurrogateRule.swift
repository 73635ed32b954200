/// `json.lone-surrogate`: a `\uD800`–`\uDFFF` escape that is not half of a surrogate pair. It
/// encodes no character; RFC 8259 §8.2 leaves what a receiver does with it unpredictable. Pushbook
/// reads it as U+FFFD (modelling choice), so the record shows "�" where the sender meant something.
/// Found by scanning the file's bytes (the reader has already replaced it), like `json.syntax`.
struct LoneSurrogateRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "json.lone-surrogate", severity: .warning,
        summary: "A \\u escape of a UTF-16 surrogate (\\uD800–\\uDFFF) that is not half of a pair encodes no character; RFC 8259 leaves the result unpredictable, and Pushbook reads it as U+FFFD (modelling choice).",
        source: RuleSource.rfc8259 + "#section-8.2", confidence: .inference,
        example: #"{"aps": {"alert": "\ud83d"}}"#)
    /// Creates the rule.
    public init() {}
    /// Lone surrogates are found in the bytes (see `diagnostics(in:)`), not in the parsed document.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {}

    /// A diagnostic for every lone surrogate escape in `bytes`, a well-formed JSON text.
    public static func diagnostics(in bytes: [UInt8]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var index = 0, line = 1, lineStart = 0
        var inString = false
        func unit(at offset: Int) -> UInt32? {
            guard offset + 6 <= bytes.count, bytes[offset] == 0x5C, bytes[offset + 1] == 0x75 else { return nil }
            var value: UInt32 = 0
            for byte in bytes[(offset + 2)..<(offset + 6)] {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: return nil
                }
                value = value * 16 + digit
            }
            return value
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1; lineStart = index + 1; index += 1; continue }
            guard inString else {
                if byte == 0x22 { inString = true }
                index += 1
                continue
            }
            if byte == 0x22 { inString = false; index += 1; continue }
            guard byte == 0x5C else { index += 1; continue }
            guard let value = unit(at: index) else { index += 2; continue }
            if value >= 0xD800 && value <= 0xDBFF, let low = unit(at: index + 6), low >= 0xDC00 && low <= 0xDFFF {
                index += 12
                continue
            }
            if value >= 0xD800 && value <= 0xDFFF {
                let digits = String(value, radix: 16)
                found.append(Diagnostic(rule: description.id, severity: description.severity,
                    message: "\\u\(digits) is half of a UTF-16 surrogate pair without its other half, so it is no character; it arrives as U+FFFD (�) or the payload is refused: write the character itself, or both halves",
                    location: SourceLocation(line: line, column: index - lineStart + 1), path: ""))
            }
            index += 6
        }
        return found
    }
}
