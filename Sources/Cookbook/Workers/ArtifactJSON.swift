import Foundation

/// The one serialisation of what crosses the worker channel (requests, artifacts) and of the
/// build cache's entries: JSON through `Codable`, keys sorted, so the bytes of a value are always
/// the same. Decoding is untrusted-input parsing: bytes that are not wholly one value of the type
/// decode to nil, never a crash.
enum ArtifactJSON {
    /// The bytes of `value`.
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { Array($0) } ?? []
    }

    /// The value of type `type` in `bytes`, or nil.
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) -> Value? {
        try? JSONDecoder().decode(type, from: Data(bytes))
    }
}
