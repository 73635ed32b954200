import Foundation
import Testing
@testable import Cookbook

/// A build cache entry file (`BuildCache.entryFile`), read and written in the build's own form
/// (`ArtifactCodec`) and edited by tests as the JSON of `BuildCache.Entry`, so that an edit names
/// fields rather than byte offsets.
enum CacheEntryFile {
    /// The entry file of recipe `id` in the cache folder `.pushbook-cache` under `root`.
    static func url(_ root: URL, _ id: String) -> URL {
        root.appendingPathComponent(".pushbook-cache/\(id)/\(BuildCache.entryFile)")
    }

    /// The entry at `url`, as the JSON object `JSONEncoder` makes of it.
    static func json(_ url: URL) throws -> [String: Any] {
        let entry = try #require(ArtifactCodec.entry(from: [UInt8](Data(contentsOf: url))), "\(url.path) is not an entry")
        return try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? [String: Any])
    }

    /// Writes the JSON object `object` back as an entry in the build's form.
    static func write(_ object: [String: Any], to url: URL) throws {
        let entry = try JSONDecoder().decode(BuildCache.Entry.self, from: JSONSerialization.data(withJSONObject: object))
        try Data(ArtifactCodec.encode(entry)).write(to: url)
    }

    /// Rewrites the entry at `url` with `change` made to its JSON.
    static func edit(_ url: URL, _ change: (inout [String: Any]) throws -> Void) throws {
        var object = try json(url)
        try change(&object)
        try write(object, to: url)
    }

    /// The entry at `url` as the JSON of format 4 (this tool's entries before `ArtifactCodec`),
    /// written where the old format kept it (`entry.json`) and in place of the entry file.
    static func writeOldFormat(_ url: URL) throws {
        var object = try json(url)
        object["format"] = 4
        let data = try JSONSerialization.data(withJSONObject: object)
        try data.write(to: url)
        try data.write(to: url.deletingLastPathComponent().appendingPathComponent("entry.json"))
    }
}
