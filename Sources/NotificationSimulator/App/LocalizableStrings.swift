import Foundation
import Payloads

/// An app's `Localizable.strings` (`--strings FILE`, or `Localizable.strings` in a recipe's app folder):
/// the old-style property-list strings format, `"key" = "value";` entries with `/* */` and `//` comments.
///
/// Read as Foundation reads it: UTF-16 with a byte-order mark, or else UTF-8; quoted strings take the
/// escapes `\" \\ \n \t \r \a \b \f \v`, `\Uxxxx` (a UTF-16 unit, four hex digits) and octal `\ooo`;
/// unquoted keys and values are runs of letters, digits and `_$:./-`; `"key";` alone maps the key to
/// itself. Errors name the line and the column (counted in characters, from 1).
public struct LocalizableStrings: Sendable, Equatable {
    /// The entries, key to value.
    public var table: [String: String]

    /// Creates strings from a table.
    public init(table: [String: String] = [:]) { self.table = table }

    /// The id of the diagnostics about a strings file that cannot be used.
    public static let rule = "strings.file"

    /// The file name a recipe's app folder may carry.
    public static let fileName = "Localizable.strings"

    /// Reads a strings file; `displayPath` names it in diagnostics.
    public static func load(from url: URL, displayPath: String? = nil) throws(Diagnostic) -> LocalizableStrings {
        let shown = displayPath ?? url.path
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Diagnostic(file: shown, rule: rule, message: "cannot read the strings file")
        }
        return try parse([UInt8](data), shown: shown)
    }

    /// Reads the bytes of a strings file.
    public static func parse(_ bytes: [UInt8], shown: String) throws(Diagnostic) -> LocalizableStrings {
        let scalars: [Unicode.Scalar]
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else {
                throw Diagnostic(file: shown, rule: rule, message: "the file starts with a UTF-16 byte-order mark but has an odd number of bytes")
            }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var index = 2
            while index + 1 < bytes.count {
                units.append(little ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            var decoded: [Unicode.Scalar] = []
            var iterator = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): decoded.append(scalar)
                case .emptyInput: break loop
                case .error: throw Diagnostic(file: shown, rule: rule, message: "the file is not valid UTF-16")
                }
            }
            scalars = decoded
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            guard let text = String(validating: body, as: UTF8.self) else {
                throw Diagnostic(file: shown, rule: rule, message: "the file is neither UTF-8 nor UTF-16 with a byte-order mark")
            }
            scalars = Array(text.unicodeScalars)
        }
        var parser = StringsParser(scalars: scalars, shown: shown)
        return LocalizableStrings(table: try parser.parse())
    }

    /// The localized format string for `key`, or nil when the table lacks it.
    public func value(forKey key: String) -> String? { table[key] }
}

/// The reader of the strings format: one pass over the characters, tracking line and column.
private struct StringsParser {
    let scalars: [Unicode.Scalar]
    let shown: String
    var index = 0
    var line = 1
    var column = 1

    init(scalars: [Unicode.Scalar], shown: String) {
        self.scalars = scalars
        self.shown = shown
    }

    mutating func parse() throws(Diagnostic) -> [String: String] {
        var table: [String: String] = [:]
        while true {
            try skipTrivia()
            guard index < scalars.count else { return table }
            let key = try string(what: "a key")
            try skipTrivia()
            if peek == ";" {
                advance()
                table[key] = key
                continue
            }
            guard peek == "=" else { throw error("expected '=' or ';' after the key \"\(key)\"") }
            advance()
            try skipTrivia()
            guard index < scalars.count else { throw error("expected a value after '='") }
            let value = try string(what: "a value")
            try skipTrivia()
            guard peek == ";" else { throw error("expected ';' after the value of \"\(key)\"") }
            advance()
            table[key] = value
        }
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func advance() {
        if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> Diagnostic {
        Diagnostic(file: shown, location: SourceLocation(line: line ?? self.line, column: column ?? self.column),
                   rule: LocalizableStrings.rule, message: message)
    }

    /// Skips white space and comments.
    mutating func skipTrivia() throws(Diagnostic) {
        while let c = peek {
            if c.properties.isWhitespace { advance(); continue }
            if c == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let d = peek, d != "\n" { advance() }
                continue
            }
            if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let (startLine, startColumn) = (line, column)
                advance(); advance()
                while true {
                    guard let d = peek else { throw error("the comment is not closed with */", line: startLine, column: startColumn) }
                    if d == "*", index + 1 < scalars.count, scalars[index + 1] == "/" { advance(); advance(); break }
                    advance()
                }
                continue
            }
            return
        }
    }

    static func isUnquoted(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "_$:./-".unicodeScalars.contains(c))
    }

    /// A quoted or unquoted string.
    mutating func string(what: String) throws(Diagnostic) -> String {
        guard let first = peek else { throw error("expected \(what)") }
        if first != "\"" {
            guard Self.isUnquoted(first) else { throw error("expected \(what) (a quoted string), found '\(first.escaped(asASCII: true))'") }
            var text = String.UnicodeScalarView()
            while let c = peek, Self.isUnquoted(c) { text.append(c); advance() }
            return String(text)
        }
        let (startLine, startColumn) = (line, column)
        advance()
        var units: [UInt16] = []
        func append(_ scalar: Unicode.Scalar) { units.append(contentsOf: UTF16.encode(scalar).map { Array($0) } ?? []) }
        while true {
            guard let c = peek else { throw error("the string is not closed with '\"'", line: startLine, column: startColumn) }
            if c == "\"" { advance(); break }
            guard c == "\\" else { append(c); advance(); continue }
            let (escapeLine, escapeColumn) = (line, column)
            advance()
            guard let e = peek else { throw error("the string is not closed with '\"'", line: startLine, column: startColumn) }
            advance()
            switch e {
            case "\"", "\\", "'": append(e)
            case "n": append("\n")
            case "t": append("\t")
            case "r": append("\r")
            case "a": append("\u{07}")
            case "b": append("\u{08}")
            case "f": append("\u{0C}")
            case "v": append("\u{0B}")
            case "U", "u":
                var value: UInt16 = 0
                for _ in 0..<4 {
                    guard let h = peek, let digit = h.hexDigitValue else {
                        throw error("\\U takes four hexadecimal digits", line: escapeLine, column: escapeColumn)
                    }
                    value = value << 4 | UInt16(digit)
                    advance()
                }
                units.append(value)
            case "0"..."7":
                var value = Int(e.value - 48)
                for _ in 0..<2 {
                    guard let o = peek, ("0"..."7").contains(o) else { break }
                    value = value * 8 + Int(o.value - 48)
                    advance()
                }
                units.append(UInt16(value))
            default:
                // Foundation keeps an unknown escape's character.
                append(e)
            }
        }
        guard let text = String(validating: units, as: UTF16.self) else {
            throw error("the string has an unpaired \\U surrogate", line: startLine, column: startColumn)
        }
        return text
    }
}

private extension Unicode.Scalar {
    var hexDigitValue: Int? {
        switch value {
        case 48...57: Int(value - 48)
        case 65...70: Int(value - 55)
        case 97...102: Int(value - 87)
        default: nil
        }
    }
}
