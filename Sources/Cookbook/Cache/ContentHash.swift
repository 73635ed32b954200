import Foundation

/// A 128-bit content hash (two independent 64-bit multiply-rotate lanes over 8-byte words, with a
/// final avalanche), for cache keys and the digests that check cache entries.
///
/// Not cryptographic: it detects a truncated, edited or swapped cache file, and keys a local build
/// cache, where a collision would at worst reuse a page whose inputs changed. Someone who can write
/// the cache can compute it too; see the README's "Safety" section for what that means. The
/// toolchain offers no SHA-256 on Linux without outside packages.
struct ContentHash: Sendable {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x8422_2325_cbf2_9ce4
    private var length: UInt64 = 0
    private var tail: UInt64 = 0
    private var tailCount = 0

    /// Creates an empty hash.
    init() {}

    /// Adds bytes.
    mutating func update(_ bytes: some Sequence<UInt8>) {
        var array = [UInt8]()
        array.append(contentsOf: bytes)
        array.withUnsafeBytes { update(raw: $0) }
    }

    /// Adds the bytes of `data`.
    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update(raw: $0) }
    }

    /// Adds the bytes of an array.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update(raw: $0) }
    }

    /// Adds raw bytes, eight at a time.
    mutating func update(raw buffer: UnsafeRawBufferPointer) {
        var index = 0
        let count = buffer.count
        length &+= UInt64(count)
        while tailCount > 0 && tailCount < 8 && index < count {
            tail |= UInt64(buffer[index]) << (8 * UInt64(tailCount))
            tailCount += 1
            index += 1
        }
        if tailCount == 8 { mix(tail); tail = 0; tailCount = 0 }
        while index + 8 <= count {
            mix(buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
            index += 8
        }
        while index < count {
            tail |= UInt64(buffer[index]) << (8 * UInt64(tailCount))
            tailCount += 1
            index += 1
        }
    }

    private mutating func mix(_ word: UInt64) {
        a = ((a ^ word) &* 0x9E37_79B9_7F4A_7C15)
        a = (a << 31) | (a >> 33)
        b = ((b ^ (word &+ 0x632B_E59B_D9B4_E019)) &* 0xC2B2_AE3D_27D4_EB4F)
        b = (b << 27) | (b >> 37)
    }

    /// Adds a string and a separator, so that ("ab","c") and ("a","bc") differ.
    mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(raw: UnsafeRawBufferPointer($0)) }
        update([0xFF, 0x00])
    }

    /// The hash as hexadecimal digits (two lanes, separated by a dash).
    var hex: String {
        var copy = self
        copy.mix(copy.tail ^ (UInt64(copy.tailCount) << 56))
        copy.mix(copy.length)
        func avalanche(_ value: UInt64) -> UInt64 {
            var x = value
            x ^= x >> 33; x = x &* 0xFF51_AFD7_ED55_8CCD
            x ^= x >> 33; x = x &* 0xC4CE_B9FE_1A85_EC53
            return x ^ (x >> 33)
        }
        return String(avalanche(copy.a), radix: 16) + "-" + String(avalanche(copy.b), radix: 16)
    }

    /// The digest of `bytes` alone.
    static func digest(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.update(bytes)
        return hash.hex
    }

    /// The hash of every file under `folder` (relative paths and contents, in sorted order).
    static func ofFolder(_ folder: URL) -> ContentHash {
        var hash = ContentHash()
        let root = folder.path
        for path in DirectoryWalker.files(under: root) {
            hash.update(path)
            if let data = FileManager.default.contents(atPath: root + "/" + path) { hash.update(data) }
            hash.update([0xFF])
        }
        return hash
    }
}
