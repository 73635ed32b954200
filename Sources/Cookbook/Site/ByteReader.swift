import Foundation

/// Reads the bytes `ByteWriter` writes, from untrusted input (a cache entry, a worker's reply):
/// every read is bounds-checked and throws `Malformed` instead of reading past the end; a length or
/// count is never larger than the bytes left, strings must be valid UTF-8, and nothing is allocated
/// for what a length only claims.
struct ByteReader {
    /// Why the bytes are not what the reader expects (the decode fails: a cache miss, a dead worker).
    struct Malformed: Error {}

    /// The input.
    private let bytes: [UInt8]
    /// Where the next read starts.
    private(set) var position = 0

    /// A reader at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// How many bytes are left.
    var remaining: Int { bytes.count - position }

    /// Fails unless every byte was read (trailing bytes mean a different or damaged value).
    func expectEnd() throws(Malformed) {
        guard position == bytes.count else { throw Malformed() }
    }

    /// Reads the next `prefix.count` bytes and fails unless they are `prefix` (a magic number).
    mutating func expect(_ prefix: [UInt8]) throws(Malformed) {
        guard remaining >= prefix.count, bytes[position..<(position + prefix.count)].elementsEqual(prefix) else { throw Malformed() }
        position += prefix.count
    }

    /// Reads one byte.
    mutating func byte() throws(Malformed) -> UInt8 {
        guard position < bytes.count else { throw Malformed() }
        defer { position += 1 }
        return bytes[position]
    }

    /// Reads an unsigned LEB128 integer of at most 64 bits.
    mutating func unsigned() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            // The tenth byte holds the 64th bit only.
            guard shift < 63 || next <= 1 else { throw Malformed() }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// Reads a zigzagged signed integer.
    mutating func int() throws(Malformed) -> Int {
        let raw = try unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// Reads a count or length: at most `remaining` (each counted thing takes at least a byte).
    mutating func count() throws(Malformed) -> Int {
        let raw = try unsigned()
        guard raw <= UInt64(remaining) else { throw Malformed() }
        return Int(raw)
    }

    /// Reads 0 or 1; any other byte fails.
    mutating func bool() throws(Malformed) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    /// Reads a length and that many bytes, which must be UTF-8.
    mutating func string() throws(Malformed) -> String {
        let length = try count()
        let end = position + length
        let text = bytes.withUnsafeBufferPointer { ValidUTF8.string(UnsafeBufferPointer(rebasing: $0[position..<end])) }
        guard let text else { throw Malformed() }
        position = end
        return text
    }

    /// Reads a length and that many bytes.
    mutating func data() throws(Malformed) -> Data {
        let length = try count()
        defer { position += length }
        return Data(bytes[position..<(position + length)])
    }

    /// Reads a count and that many elements with `element`; capacity grows only with elements read.
    mutating func list<T>(_ element: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(min(count, 256))
        for _ in 0..<count { values.append(try element(&self)) }
        return values
    }

    /// Reads a list of strings.
    mutating func strings() throws(Malformed) -> [String] {
        try list { reader throws(Malformed) in try reader.string() }
    }

    /// Reads 0 (nil) or 1 and a value with `some`; any other byte fails.
    mutating func optional<T>(_ some: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> T? {
        try bool() ? try some(&self) : nil
    }

    /// Reads a string and makes it a `T` by its raw value; fails for any other string.
    mutating func raw<T: RawRepresentable<String>>(_ type: T.Type) throws(Malformed) -> T {
        guard let value = T(rawValue: try string()) else { throw Malformed() }
        return value
    }
}
