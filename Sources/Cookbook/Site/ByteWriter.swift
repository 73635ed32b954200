import Foundation

/// Writes values as the bytes `ByteReader` reads back: unsigned integers as LEB128 varints, signed
/// ones zigzagged first, strings and byte strings as a length and their bytes, booleans as 0 or 1.
/// The form of `ArtifactCodec` (cache entries and the worker channel).
struct ByteWriter {
    /// What was written so far.
    private(set) var bytes: [UInt8] = []

    /// An empty writer that has room for `capacity` bytes.
    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes the bytes as they are, with no length (a magic number).
    mutating func raw(_ data: some Sequence<UInt8>) {
        bytes.append(contentsOf: data)
    }

    /// Writes an unsigned integer, seven bits a byte, the low bits first.
    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Writes a signed integer, zigzagged so that small negative numbers stay short.
    mutating func int(_ value: Int) {
        let wide = Int64(value)
        unsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    /// Writes a count or a length (never negative).
    mutating func count(_ value: Int) {
        unsigned(UInt64(max(0, value)))
    }

    /// Writes 1 for true, 0 for false.
    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// Writes a string as its UTF-8 length and bytes.
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Writes bytes as their length and themselves.
    mutating func data(_ value: Data) {
        count(value.count)
        bytes.append(contentsOf: value)
    }

    /// Writes a list: its count, then each element with `element`.
    mutating func list<T>(_ values: [T], _ element: (inout ByteWriter, T) -> Void) {
        count(values.count)
        for value in values { element(&self, value) }
    }

    /// Writes a list of strings.
    mutating func strings(_ values: [String]) {
        list(values) { $0.string($1) }
    }

    /// Writes 0 for nil, else 1 and the value with `some`.
    mutating func optional<T>(_ value: T?, _ some: (inout ByteWriter, T) -> Void) {
        if let value {
            bytes.append(1)
            some(&self, value)
        } else {
            bytes.append(0)
        }
    }
}
