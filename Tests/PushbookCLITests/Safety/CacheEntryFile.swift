import Foundation
import Testing
@testable import Cookbook

/// A build cache entry file (`BuildCache.entryFile`, the JSON of `BuildCache.Entry`), edited by
/// tests as a JSON object, so that an edit names fields.
enum CacheEntryFile {
    /// The entry file of recipe `id` in the cache folder `.pushbook-cache` under `root`.
    static func url(_ root: URL, _ id: String) -> URL {
        root.appendingPathComponent(".pushbook-cache/\(id)/\(BuildCache.entryFile)")
    }

    /// The entry at `url`, as the JSON object `JSONEncoder` makes of it.
    static func json(_ url: URL) throws -> [String: Any] {
        let entry = try #require(ArtifactJSON.decode(BuildCache.Entry.self, from: [UInt8](Data(contentsOf: url))), "\(url.path) is not an entry")
        return try #require(try JSONSerialization.jsonObject(with: Data(ArtifactJSON.encode(entry))) as? [String: Any])
    }

    /// Writes the JSON object `object` back as an entry in the build's form.
    static func write(_ object: [String: Any], to url: URL) throws {
        let entry = try JSONDecoder().decode(BuildCache.Entry.self, from: JSONSerialization.data(withJSONObject: object))
        try Data(ArtifactJSON.encode(entry)).write(to: url)
    }

    /// Rewrites the entry at `url` with `change` made to its JSON.
    static func edit(_ url: URL, _ change: (inout [String: Any]) throws -> Void) throws {
        var object = try json(url)
        try change(&object)
        try write(object, to: url)
    }

    /// The entry at `url` as the same JSON of an older format number.
    static func writeOldFormat(_ url: URL) throws {
        var object = try json(url)
        object["format"] = 5
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }
}
