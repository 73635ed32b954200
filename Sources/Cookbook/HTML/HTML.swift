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

    /// The references the escapers write, with the byte each stands for: `unescape` reads exactly these.
    static let references: [(entity: [UInt8], character: UInt8)] = [
        (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
        (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&#39;".utf8), UInt8(ascii: "'")),
    ]

    /// The entity written for `byte`: `references[0...2]` in text, all of them in attribute context.
    private static func entity(for byte: UInt8, quotes: Bool) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "&"): return references[0].entity
        case UInt8(ascii: "<"): return references[1].entity
        case UInt8(ascii: ">"): return references[2].entity
        case UInt8(ascii: "\"") where quotes: return references[3].entity
        case UInt8(ascii: "'") where quotes: return references[4].entity
        default: return nil
        }
    }

    /// Appends UTF-8 `bytes` to `out`, escaped for text (`quotes == false`) or attribute context.
    static func appendEscaped(_ bytes: some Sequence<UInt8>, quotes: Bool, to out: inout [UInt8]) {
        for byte in bytes {
            if let entity = entity(for: byte, quotes: quotes) { out.append(contentsOf: entity) } else { out.append(byte) }
        }
    }

    /// `raw` (an attribute value as we write it) with the `references` decoded, in one pass over its
    /// bytes: each reference runs from `&` to the first `;`, so no two overlap and the order of the
    /// decoding does not matter (`&amp;lt;` gives `&lt;`). Any other `&` is kept as it is.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        scan: while index < raw.count {
            if raw[index] == UInt8(ascii: "&") {
                for reference in references where index + reference.entity.count <= raw.count
                    && raw[index..<(index + reference.entity.count)].elementsEqual(reference.entity) {
                    out.append(reference.character)
                    index += reference.entity.count
                    continue scan
                }
            }
            out.append(raw[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
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
        entity(for: byte, quotes: quotes) != nil
    }
}
