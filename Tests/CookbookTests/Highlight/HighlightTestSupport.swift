@testable import Cookbook
import Highlight

/// Helpers shared by the highlighter tests.
enum HighlightTestSupport {
    /// The highlighted tokens of `code` (plain runs dropped), for compact expectations.
    static func marked(_ code: String, _ language: String) -> [Token] {
        SyntaxLexer.tokens(code, language: language).filter { $0.kind != nil }
    }

    /// Removes tags and decodes the five entities the escapers produce, recovering the source text.
    ///
    /// Works on UTF-8 bytes, not Characters, so combining marks after `>` or `;` cannot hide a delimiter.
    static func plainText(ofHTML html: String) -> String {
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let entities: [(String, UInt8)] = [("&lt;", 0x3C), ("&gt;", 0x3E), ("&quot;", 0x22), ("&#39;", 0x27), ("&amp;", 0x26)]
        var i = 0
        var inTag = false
        outer: while i < bytes.count {
            let b = bytes[i]
            if inTag {
                if b == UInt8(ascii: ">") { inTag = false }
                i += 1
                continue
            }
            if b == UInt8(ascii: "<") {
                inTag = true
                i += 1
                continue
            }
            if b == UInt8(ascii: "&") {
                for (entity, value) in entities {
                    let e = Array(entity.utf8)
                    if i + e.count <= bytes.count, Array(bytes[i..<(i + e.count)]) == e {
                        out.append(value)
                        i += e.count
                        continue outer
                    }
                }
            }
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A small deterministic random generator (SplitMix64), so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    /// The generator's state.
    var state: UInt64

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
