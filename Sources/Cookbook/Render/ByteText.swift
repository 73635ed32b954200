#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Searching and replacing text as UTF-8 bytes, without Foundation's `NSString` (which copies every
/// string it searches into UTF-16 first): the literal byte sequence is what matches, so a needle
/// followed by a combining mark in the text still matches (Foundation's search without options
/// would not). Every needle the pages search for is ASCII.
enum ByteText {
    /// True when the UTF-8 of `needle` occurs in the UTF-8 of `text` (an empty needle always does).
    static func contains(_ text: String, _ needle: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var text = text, needle = needle
        return text.withUTF8 { haystack in needle.withUTF8 { first(of: $0, in: haystack, from: 0) != nil } }
    }

    /// `text` with every occurrence of `needle` (left to right, not overlapping) replaced by `replacement`.
    static func replacing(_ needle: String, with replacement: String, in text: String) -> String {
        guard !needle.isEmpty else { return text }
        var text = text, needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { pattern in
                guard var found = first(of: pattern, in: haystack, from: 0) else { return String(decoding: haystack, as: UTF8.self) }
                var out: [UInt8] = []
                out.reserveCapacity(haystack.count)
                var start = 0
                while true {
                    out.append(contentsOf: haystack[start..<found])
                    out.append(contentsOf: replacement.utf8)
                    start = found + pattern.count
                    guard let next = first(of: pattern, in: haystack, from: start) else { break }
                    found = next
                }
                out.append(contentsOf: haystack[start...])
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// The range of `text` where the UTF-8 of `needle` (not empty) first occurs, or nil.
    static func range(of needle: String, in text: String) -> Range<String.Index>? {
        guard !needle.isEmpty else { return nil }
        var copy = text, needle = needle
        let offset = copy.withUTF8 { haystack in needle.withUTF8 { first(of: $0, in: haystack, from: 0) } }
        guard let offset else { return nil }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return start..<text.utf8.index(start, offsetBy: needle.utf8.count)
    }

    /// The offset of the first `pattern` in `haystack` at or after `from` (`pattern` not empty), or nil.
    private static func first(of pattern: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = haystack.baseAddress, let needle = pattern.baseAddress else { return nil }
        var start = from
        // The first byte by `memchr`, the rest by `memcmp`.
        while haystack.count - start >= pattern.count,
              let hit = memchr(base + start, Int32(needle.pointee), haystack.count - start - pattern.count + 1) {
            let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if memcmp(base + offset, needle, pattern.count) == 0 { return offset }
            start = offset + 1
        }
        return nil
    }
}
