/// Escapers for everything Pushbook writes into HTML: one for text content, one for attribute values.
///
/// cmark's safe mode only covers prose; every string we put into a page ourselves (code, payloads,
/// titles, URLs in `href`/`src`) goes through one of these two functions.
enum HTML {
    /// Escapes `&`, `<` and `>` so that `s` reads as text between tags.
    static func escapeText(_ s: String) -> String {
        escape(s, quotes: false)
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` so that `s` is safe inside a quoted attribute value.
    static func escapeAttribute(_ s: String) -> String {
        escape(s, quotes: true)
    }

    /// Appends UTF-8 `bytes` to `out`, escaped for text (`quotes == false`) or attribute context.
    static func appendEscaped(_ bytes: some Sequence<UInt8>, quotes: Bool, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where quotes: out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'") where quotes: out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
    }

    /// Replaces the characters HTML gives a meaning with entities, in one pass over the UTF-8 bytes.
    private static func escape(_ s: String, quotes: Bool) -> String {
        guard s.utf8.contains(where: { needsEscape($0, quotes: quotes) }) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 32)
        appendEscaped(s.utf8, quotes: quotes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `byte` must become an entity in text (`quotes == false`) or attribute context.
    private static func needsEscape(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return quotes
        default: return false
        }
    }
}
