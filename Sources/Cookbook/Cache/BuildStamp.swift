import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the last clean cached build saw, kept as `stamp` in the cache folder: the tool's identity,
/// the settings, the fingerprint of the recipes folder taken before any input was read, the
/// fingerprint of the site it swapped in, and the cache key of each recipe that site holds.
///
/// A build compares it with what it sees now: when the tool, the settings, every input and every
/// site file are as the stamp says, the site is left as it is ("up to date"); otherwise the build
/// runs, and each recipe is looked up in the cache by its content key. The stamp is untrusted
/// input, like the cache: it is only ever compared for equality with what the build computes from
/// the file system, so a missing, truncated, edited or foreign stamp makes a build do more work,
/// never less checking. It is written only by a build that had no diagnostic at all, so that
/// leaving a site alone never hides a message, and only with the cache (`--no-cache` neither reads
/// nor writes one; the site it swaps in no longer matches any stamp).
///
/// The next build that runs reads it a second time (`StampedSite`): when the site is still the one
/// the stamp describes, a recipe whose key is the one recorded has its files linked over from that
/// site as they are, without reading them. That trusts the stamp no further than "up to date" does.
struct BuildStamp: Sendable, Equatable {
    /// The stamp's file name in the cache folder.
    static let fileName = "stamp"
    /// The first line.
    static let header = "pushbook build stamp 5"
    /// The largest stamp read.
    static let sizeLimit = 16 << 20

    /// The tool's identity (`BuildOptions.toolStamp`).
    var tool: String
    /// The digest of the settings that shape the site (see `settings`).
    var settings: String
    /// `FileFingerprint.whole` of the recipes folder, taken before any input was read: racy when
    /// an input changed just before (then no build is ever up to date by this stamp, but the next
    /// one may still take the site's unchanged recipes as they are, see `StampedSite`).
    var inputs: MetadataDigest
    /// `FileFingerprint.whole` of the site folder, after the swap.
    var site: String
    /// The cache key (`BuildCache.key`) of each recipe the site holds, by id.
    var keys: [String: String]

    /// How many recipes the site holds.
    var recipes: Int { keys.count }

    /// The digest of what else decides the site's bytes: where the recipes are and how messages
    /// name them, and which folder the site is.
    static func settings(recipes: String, displayRoot: String, target: String) -> String {
        var hash = ContentHash()
        for part in [recipes, displayRoot, target] { hash.update(part) }
        return hash.hex
    }

    /// The stamp as text: one field a line, then one line `key ID KEY` per recipe, by id.
    var text: String {
        ([Self.header, "tool \(tool)", "settings \(settings)", "inputs \(inputs.stable ?? "racy")", "site \(site)", "recipes \(recipes)"]
            + keys.sorted { $0.key < $1.key }.map { "key \($0.key) \($0.value)" })
            .joined(separator: "\n") + "\n"
    }

    /// Reads a stamp; nil for anything that is not exactly a stamp's text.
    static func parse(_ bytes: [UInt8]) -> BuildStamp? {
        guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n") else { return nil }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 6, lines[0] == header else { return nil }
        var fields: [String] = []
        for (line, name) in zip(lines[1..<6], ["tool", "settings", "inputs", "site", "recipes"]) {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name, !parts[1].isEmpty else { return nil }
            fields.append(String(parts[1]))
        }
        let inputs: MetadataDigest = fields[2] == "racy" ? .racy : .stable(fields[2])
        guard let recipes = Int(fields[4]), recipes >= 0, lines.count == 6 + recipes else { return nil }
        var keys: [String: String] = [:]
        var previous = ""
        for line in lines[6...] {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            // In order of id, each once, and a plain name: as `text` writes them.
            guard parts.count == 3, parts[0] == "key", PlainName.isPlain(parts[1]), !parts[2].isEmpty,
                  previous < parts[1] || keys.isEmpty else { return nil }
            previous = String(parts[1])
            keys[previous] = String(parts[2])
        }
        return BuildStamp(tool: fields[0], settings: fields[1], inputs: inputs, site: fields[3], keys: keys)
    }

    /// The stamp in the cache folder `cache` (canonical), read without following a link; nil when
    /// there is none or it is not a stamp.
    static func read(in cache: String) -> BuildStamp? {
        (try? ContainedFile.read(fileName, under: cache, limit: sizeLimit)).flatMap(parse)
    }

    /// Writes the stamp into the cache folder `cache` (replacing, never writing through, what is there).
    func write(in cache: String) throws {
        let path = cache + "/" + Self.fileName
        unlink(path)
        try FileWriter.save(Array(text.utf8), to: path)
    }

    /// Removes the stamp from the cache folder `cache`, if any.
    static func remove(in cache: String) {
        unlink(cache + "/" + fileName)
    }

    /// The stamp, when the site at `target` (canonical) may be left as it is: the stamp names
    /// this tool, these settings and these inputs (stable), and, under the output folder's lock, the
    /// folder is a site the build made whose fingerprint is the stamp's. Nil otherwise (then the
    /// build runs; it checks the folder again itself).
    static func upToDate(target: String, shown: String, cache: String, protected: [(path: String, name: String)], tool: String,
                         settings: String, inputs: FileFingerprint, waiting: () -> Void) -> BuildStamp? {
        guard let stamp = read(in: cache), stamp.tool == tool, stamp.settings == settings,
              stamp.inputs.vouches(for: inputs.whole), DirectoryWalker.lstatKind(target) == .directory,
              let lock = try? BuildLock(for: target, waiting: waiting) else { return nil }
        defer { withExtendedLifetime(lock) {} }
        guard (try? SiteFolder.checkReplaceable(target, shown: shown, protected: protected)) == .manifest,
              FileFingerprint.of(target, racyCheck: false)?.whole.stable == stamp.site else { return nil }
        return stamp
    }
}
