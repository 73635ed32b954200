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
        if bytes.withContiguousStorageIfAvailable({ appendEscaped(buffer: $0, quotes: quotes, to: &out) }) != nil { return }
        for byte in bytes {
            if let entity = entity(for: byte, quotes: quotes) { out.append(contentsOf: entity) } else { out.append(byte) }
        }
    }

    /// `appendEscaped` over contiguous bytes: the runs between the bytes to escape are appended whole.
    private static func appendEscaped(buffer bytes: UnsafeBufferPointer<UInt8>, quotes: Bool, to out: inout [UInt8]) {
        var start = 0
        for index in 0..<bytes.count where needsEscape(bytes[index], quotes: quotes) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            if let entity = entity(for: bytes[index], quotes: quotes) { out.append(contentsOf: entity) }
            start = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
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

    /// Replaces the characters HTML gives a meaning with entities, in one pass over the UTF-8 bytes
    /// (contiguous: a page's text and its images' data URIs are scanned for every card and page).
    private static func escape(_ s: String, quotes: Bool) -> String {
        var text = s
        let escaped: String? = text.withUTF8 { bytes in
            guard bytes.contains(where: { needsEscape($0, quotes: quotes) }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            appendEscaped(buffer: bytes, quotes: quotes, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? s
    }

    /// Whether `byte` must become an entity in text (`quotes == false`) or attribute context.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8, quotes: Bool) -> Bool {
        byte <= UInt8(ascii: ">") && (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || (quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))))
    }
}
