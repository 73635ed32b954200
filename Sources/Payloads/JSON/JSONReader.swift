/// A strict RFC 8259 JSON reader that keeps the line and column of every value and key.
///
/// It works on bytes, validates UTF-8 itself, keeps object members in order (duplicates included),
/// keeps numbers as their text, and never recurses: nesting is tracked on an explicit stack and
/// limited to `maximumDepth`, so hostile input gives an error, never a crash. Lone UTF-16 surrogates
/// in `\u` escapes are replaced by U+FFFD.
///
/// This file is longer than the codebase's 350 lines on purpose: the reader is one state machine
/// (`parseValue` and its helpers share the stack and the position), and split it would be harder to follow.
public enum JSONReader {
    /// The deepest nesting of arrays and objects accepted; deeper input is a syntax error.
    public static let maximumDepth = 512

    /// Parses `bytes` as one JSON text, or reports the first syntax error with its position.
    public static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        var parser = JSONByteParser(bytes: bytes, maximumDepth: maximumDepth)
        do {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }

    /// Parses a Swift string as JSON (its UTF-8 bytes).
    public static func parse(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        parse(Array(text.utf8))
    }
}

/// The reader's state: a cursor over the bytes and the current line.
private struct JSONByteParser {
    let bytes: [UInt8]
    let maximumDepth: Int
    var pos = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// A container being read; mutated in place on the stack so appends stay O(1).
    private struct Frame {
        var isObject: Bool
        var location: SourceLocation
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        var key = ""
        var keyLocation = SourceLocation.none
    }

    // MARK: positions and errors

    func location(at offset: Int) -> SourceLocation {
        SourceLocation(line: line, column: offset - lineStart + 1)
    }

    var here: SourceLocation { location(at: pos) }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location(at: offset ?? pos))
    }

    var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0D:
                pos += 1
            case 0x0A:
                pos += 1
                line += 1
                lineStart = pos
            default:
                return
            }
        }
    }

    /// An error for an unexpected byte at `pos`, naming it readably (or as invalid UTF-8).
    func unexpected(_ expectation: String) -> JSONSyntaxError {
        guard let byte = peek else { return error("unexpected end of input; \(expectation)") }
        if byte >= 0x80 {
            if let (scalar, _) = decodeScalar(at: pos) {
                return error("\(expectation), found '\(Character(scalar))'")
            }
            return error("invalid UTF-8 byte \(hex(byte))")
        }
        return error("\(expectation), found \(describe(byte))")
    }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte \(hex(byte))"
    }

    // MARK: document and values

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            throw error("the file starts with a UTF-8 byte order mark, which JSON does not allow; save it without BOM")
        }
        skipWhitespace()
        if pos >= bytes.count { throw error("empty input; expected a JSON value") }
        let value = try parseValue()
        skipWhitespace()
        if pos < bytes.count { throw unexpected("expected the end of input after the JSON value") }
        return value
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        var stack: [Frame] = []
        outer: while true {
            skipWhitespace()
            guard let byte = peek else { throw error("unexpected end of input; expected a value") }
            let start = here
            var value: JSONValue
            switch byte {
            case UInt8(ascii: "{"):
                if stack.count >= maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
                pos += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") {
                    pos += 1
                    value = .object([], start)
                } else {
                    let (key, keyLocation) = try parseKey()
                    stack.append(Frame(isObject: true, location: start, key: key, keyLocation: keyLocation))
                    continue outer
                }
            case UInt8(ascii: "["):
                if stack.count >= maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
                pos += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    pos += 1
                    value = .array([], start)
                } else {
                    stack.append(Frame(isObject: false, location: start))
                    continue outer
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString(), start)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true, start)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false, start)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null(start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber(), start)
            case UInt8(ascii: "]") where isAfterComma(stack):
                throw error("trailing comma before ']' is not allowed")
            default:
                var end = pos
                while end < bytes.count, end - pos < 32, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") { end += 1 }
                let word = String(decoding: bytes[pos..<end], as: UTF8.self)
                if ["true", "false", "null"].contains(word.lowercasedASCII()) {
                    throw error("invalid literal '\(word)'; JSON literals are true, false and null, in lowercase")
                }
                if word.count > 1 { throw error("expected a value, found '\(word)'") }
                throw unexpected("expected a value")
            }

            // A value is complete: hand it to the enclosing containers, closing those that end here.
            while true {
                guard !stack.isEmpty else { return value }
                skipWhitespace()
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(key: stack[top].key, keyLocation: stack[top].keyLocation, value: value))
                    if peek == UInt8(ascii: ",") {
                        pos += 1
                        skipWhitespace()
                        if peek == UInt8(ascii: "}") { throw error("trailing comma before '}' is not allowed") }
                        let (nextKey, nextKeyLocation) = try parseKey()
                        stack[top].key = nextKey
                        stack[top].keyLocation = nextKeyLocation
                        continue outer
                    } else if peek == UInt8(ascii: "}") {
                        pos += 1
                        let frame = stack.removeLast()
                        value = .object(frame.members, frame.location)
                    } else {
                        throw unexpected("expected ',' or '}' after object member")
                    }
                } else {
                    stack[top].elements.append(value)
                    if peek == UInt8(ascii: ",") {
                        pos += 1
                        skipWhitespace()
                        if peek == UInt8(ascii: "]") { throw error("trailing comma before ']' is not allowed") }
                        continue outer
                    } else if peek == UInt8(ascii: "]") {
                        pos += 1
                        let frame = stack.removeLast()
                        value = .array(frame.elements, frame.location)
                    } else {
                        throw unexpected("expected ',' or ']' after array element")
                    }
                }
            }
        }
    }

    private func isAfterComma(_ stack: [Frame]) -> Bool {
        guard let top = stack.last, !top.isObject else { return false }
        return !top.elements.isEmpty
    }

    mutating func parseKey() throws(JSONSyntaxError) -> (String, SourceLocation) {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw unexpected("expected a string key in double quotes") }
        let location = here
        let key = try parseString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw unexpected("expected ':' after object key") }
        pos += 1
        return (key, location)
    }

    mutating func expectLiteral(_ word: String) throws(JSONSyntaxError) {
        let literal = Array(word.utf8)
        guard pos + literal.count <= bytes.count, bytes[pos..<(pos + literal.count)].elementsEqual(literal) else {
            throw error("invalid literal; did you mean '\(word)'? (JSON literals are true, false and null, in lowercase)")
        }
        pos += literal.count
    }

    // MARK: numbers

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = pos
        if peek == UInt8(ascii: "-") { pos += 1 }
        guard let first = peek, isDigit(first) else {
            throw unexpected("invalid number: expected a digit after '-'")
        }
        pos += 1
        if first == UInt8(ascii: "0") {
            if let next = peek, isDigit(next) { throw error("invalid number: leading zeros are not allowed") }
        } else {
            while let b = peek, isDigit(b) { pos += 1 }
        }
        if peek == UInt8(ascii: ".") {
            pos += 1
            guard let b = peek, isDigit(b) else { throw unexpected("invalid number: expected a digit after '.'") }
            while let b = peek, isDigit(b) { pos += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            pos += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
            guard let b = peek, isDigit(b) else { throw unexpected("invalid number: expected a digit in the exponent") }
            while let b = peek, isDigit(b) { pos += 1 }
        }
        return JSONNumber(text: String(decoding: bytes[start..<pos], as: UTF8.self))
    }

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    // MARK: strings

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = pos
        pos += 1
        var out: [UInt8] = []
        while true {
            // Copy a run of plain ASCII in one go.
            let runStart = pos
            while pos < bytes.count {
                let b = bytes[pos]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
                pos += 1
            }
            if pos > runStart { out.append(contentsOf: bytes[runStart..<pos]) }
            guard pos < bytes.count else { throw error("unterminated string: missing closing '\"'", at: open) }
            let b = bytes[pos]
            switch b {
            case UInt8(ascii: "\""):
                pos += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0x0A, 0x0D:
                throw error("unterminated string: missing closing '\"' before the end of the line", at: open)
            case 0..<0x20:
                throw error("unescaped control character U+\(hex4(UInt32(b))) in string; write it as an escape such as \\n or \\u\(hex4(UInt32(b)))")
            default:
                guard let (_, length) = decodeScalar(at: pos) else {
                    throw error(invalidUTF8Message(at: pos))
                }
                out.append(contentsOf: bytes[pos..<(pos + length)])
                pos += length
            }
        }
    }

    mutating func parseEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = pos
        pos += 1
        guard let c = peek else { throw error("unterminated string: input ends inside an escape", at: escapeStart) }
        pos += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: escapeStart)
            var scalarValue: UInt32 = 0xFFFD
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate: combine with a following \uDC00–\uDFFF, else it is lone.
                if pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") {
                    let save = pos
                    pos += 2
                    let low = try parseHex4(escapeStart: save)
                    if low >= 0xDC00 && low <= 0xDFFF {
                        scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        pos = save
                    }
                }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                scalarValue = 0xFFFD
            } else {
                scalarValue = unit
            }
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(scalar).utf8))
        default:
            if c >= 0x80 || c < 0x20 {
                throw error("invalid escape in string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escapeStart)
            }
            throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))' in string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escapeStart)
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = peek else { throw error("invalid \\u escape: expected 4 hex digits", at: escapeStart) }
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape: expected 4 hex digits", at: escapeStart)
            }
            value = value * 16 + digit
            pos += 1
        }
        return value
    }

    // MARK: UTF-8

    /// Decodes one well-formed UTF-8 scalar at `offset` (Unicode Table 3-7), or nil when ill-formed.
    func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        guard offset < bytes.count else { return nil }
        let b0 = bytes[offset]
        func cont(_ i: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
            guard offset + i < bytes.count else { return nil }
            let b = bytes[offset + i]
            return (b >= low && b <= high) ? UInt32(b & 0x3F) : nil
        }
        var value: UInt32
        var length: Int
        switch b0 {
        case 0x00...0x7F:
            return Unicode.Scalar(UInt32(b0)).map { ($0, 1) }
        case 0xC2...0xDF:
            guard let c1 = cont(1) else { return nil }
            value = (UInt32(b0 & 0x1F) << 6) | c1
            length = 2
        case 0xE0...0xEF:
            let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            guard let c1 = cont(1, low, high), let c2 = cont(2) else { return nil }
            value = (UInt32(b0 & 0x0F) << 12) | (c1 << 6) | c2
            length = 3
        case 0xF0...0xF4:
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard let c1 = cont(1, low, high), let c2 = cont(2), let c3 = cont(3) else { return nil }
            value = (UInt32(b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3
            length = 4
        default:
            return nil
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    func invalidUTF8Message(at offset: Int) -> String {
        let b = bytes[offset]
        if (0xC2...0xF4).contains(b) {
            return "invalid UTF-8 sequence starting with byte \(hex(b)); save the file as UTF-8"
        }
        return "invalid UTF-8 byte \(hex(b)); save the file as UTF-8"
    }
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
}

private func hex4(_ value: UInt32) -> String {
    let s = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}
