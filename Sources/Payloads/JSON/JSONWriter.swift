/// Writes JSON deterministically: two-space indent, optional sorted keys, trailing newline.
public enum JSONWriter {
    /// Renders `value` as pretty JSON. With `sortKeys`, object keys are sorted by their UTF-8 bytes.
    public static func write(_ value: JSONValue, sortKeys: Bool = true) -> String {
        var sink = TextSink()
        append(value, to: &sink, indent: 0, sortKeys: sortKeys, path: [])
        sink.out.append("\n")
        return sink.out
    }

    /// The pretty JSON `write` produces (without the final newline), as tokens that say what each piece is.
    public static func tokens(_ value: JSONValue, sortKeys: Bool = true) -> [JSONToken] {
        var sink = TokenSink()
        append(value, to: &sink, indent: 0, sortKeys: sortKeys, path: [])
        return sink.tokens
    }

    /// Renders `value` on one line, with no spaces: the form APNs receives and whose bytes count.
    public static func compact(_ value: JSONValue, sortKeys: Bool = false) -> String {
        var out = ""
        appendCompact(value, to: &out, sortKeys: sortKeys)
        return out
    }

    private static func ordered(_ members: [JSONMember], _ sortKeys: Bool) -> [JSONMember] {
        sortKeys ? members.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) } : members
    }

    private static func append<Sink: JSONSink>(_ value: JSONValue, to out: inout Sink, indent: Int, sortKeys: Bool, path: [String]) {
        switch value {
        case .array(let elements, _):
            if elements.isEmpty { out.add(.punctuation, "[]", path); return }
            out.add(.punctuation, "[\n", path)
            for (i, element) in elements.enumerated() {
                out.add(.punctuation, String(repeating: "  ", count: indent + 1), path)
                append(element, to: &out, indent: indent + 1, sortKeys: sortKeys, path: path + [String(i)])
                out.add(.punctuation, i == elements.count - 1 ? "\n" : ",\n", path)
            }
            out.add(.punctuation, String(repeating: "  ", count: indent) + "]", path)
        case .object(let members, _):
            if members.isEmpty { out.add(.punctuation, "{}", path); return }
            out.add(.punctuation, "{\n", path)
            let sorted = ordered(members, sortKeys)
            for (i, member) in sorted.enumerated() {
                out.add(.punctuation, String(repeating: "  ", count: indent + 1), path)
                out.add(.key, quoted(member.key), path + [member.key])
                out.add(.punctuation, ": ", path + [member.key])
                append(member.value, to: &out, indent: indent + 1, sortKeys: sortKeys, path: path + [member.key])
                out.add(.punctuation, i == sorted.count - 1 ? "\n" : ",\n", path)
            }
            out.add(.punctuation, String(repeating: "  ", count: indent) + "}", path)
        case .null: out.add(.literal, "null", path)
        case .bool(let b, _): out.add(.literal, b ? "true" : "false", path)
        case .number(let n, _): out.add(.number, n.text, path)
        case .string(let s, _): out.add(.string, quoted(s), path)
        }
    }

    private static func appendCompact(_ value: JSONValue, to out: inout String, sortKeys: Bool) {
        switch value {
        case .null: out.append("null")
        case .bool(let b, _): out.append(b ? "true" : "false")
        case .number(let n, _): out.append(n.text)
        case .string(let s, _): out.append(quoted(s))
        case .array(let elements, _):
            out.append("[")
            for (i, e) in elements.enumerated() {
                if i > 0 { out.append(",") }
                appendCompact(e, to: &out, sortKeys: sortKeys)
            }
            out.append("]")
        case .object(let members, _):
            out.append("{")
            for (i, m) in ordered(members, sortKeys).enumerated() {
                if i > 0 { out.append(",") }
                out.append(quoted(m.key))
                out.append(":")
                appendCompact(m.value, to: &out, sortKeys: sortKeys)
            }
            out.append("}")
        }
    }

    /// The JSON string literal for `s`: quotes, backslashes and control characters escaped; `/` left alone.
    public static func quoted(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
        return out
    }
}

/// Where the pretty writer puts its pieces: plain text, or tokens.
private protocol JSONSink {
    mutating func add(_ kind: JSONToken.Kind, _ text: String, _ path: [String])
}

/// Collects the text only.
private struct TextSink: JSONSink {
    var out = ""
    mutating func add(_ kind: JSONToken.Kind, _ text: String, _ path: [String]) { out.append(text) }
}

/// Collects tokens.
private struct TokenSink: JSONSink {
    var tokens: [JSONToken] = []
    mutating func add(_ kind: JSONToken.Kind, _ text: String, _ path: [String]) { tokens.append(JSONToken(kind, text, path: path)) }
}
