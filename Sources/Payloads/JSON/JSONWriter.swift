/// Writes JSON deterministically: two-space indent, optional sorted keys, trailing newline.
public enum JSONWriter {
    /// Renders `value` as pretty JSON. With `sortKeys`, object keys are sorted by their UTF-8 bytes.
    public static func write(_ value: JSONValue, sortKeys: Bool = true) -> String {
        var out = ""
        append(value, to: &out, indent: 0, sortKeys: sortKeys)
        out.append("\n")
        return out
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

    private static func append(_ value: JSONValue, to out: inout String, indent: Int, sortKeys: Bool) {
        switch value {
        case .array(let elements, _):
            if elements.isEmpty { out.append("[]"); return }
            out.append("[\n")
            for (i, element) in elements.enumerated() {
                out.append(String(repeating: "  ", count: indent + 1))
                append(element, to: &out, indent: indent + 1, sortKeys: sortKeys)
                out.append(i == elements.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: "  ", count: indent) + "]")
        case .object(let members, _):
            if members.isEmpty { out.append("{}"); return }
            out.append("{\n")
            let sorted = ordered(members, sortKeys)
            for (i, member) in sorted.enumerated() {
                out.append(String(repeating: "  ", count: indent + 1))
                out.append(quoted(member.key))
                out.append(": ")
                append(member.value, to: &out, indent: indent + 1, sortKeys: sortKeys)
                out.append(i == sorted.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: "  ", count: indent) + "}")
        default:
            appendCompact(value, to: &out, sortKeys: sortKeys)
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
