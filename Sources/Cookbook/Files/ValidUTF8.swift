#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text from bytes that must be valid UTF-8, for the hot paths (every name a walk reads, every
/// string of a cache entry): bytes that are all ASCII, nearly always, become a `String` without
/// the standard library's generic validation, whose metadata lookups cost more than the copy.
/// Any other bytes are validated as `String(validating:as:)` does, with the same result.
enum ValidUTF8 {
    /// The text of `bytes`, or nil when they are not valid UTF-8.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The text of the bytes before the first 0 of `raw` (a `d_name`), or nil when they are not valid UTF-8.
    static func string(terminatedIn raw: UnsafeRawBufferPointer) -> String? {
        guard let base = raw.baseAddress else { return "" }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        return string(UnsafeBufferPointer(start: bytes, count: strnlen(base.assumingMemoryBound(to: CChar.self), raw.count)))
    }

    /// True when no byte of `bytes` has its high bit set, tested eight at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
