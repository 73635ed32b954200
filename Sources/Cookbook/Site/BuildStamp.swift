import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a successful build saw, written as `.NAME.pushbook-stamp` beside the site it made (next to
/// the lock file; never inside the site, whose bytes stay deterministic): the
/// tool's identity, the settings, the fingerprint of every input (file metadata, see
/// `FileFingerprint`), the fingerprint of the site's own files, and per recipe its inputs'
/// fingerprint, the hash of its files, its cache key and the digest of its page's links.
///
/// The next build compares the stamp with what it sees now. When the tool, the settings, every
/// input and every site file are as the stamp says, the site is left as it is ("up to date").
/// Otherwise recipes whose inputs are as recorded keep their recorded file hash (their files are
/// not read again), and when the site's files are as recorded, an unchanged recipe's page and
/// downloads are taken over from the site (see `BuildCache.restore`).
///
/// The stamp is untrusted input, like the cache: it is only ever compared for equality with
/// what the build computes from the file system, so a missing, truncated, edited or foreign
/// stamp makes a build do more work, never less checking of an input that changed. A stamp is
/// written only by a build that had no diagnostic at all, so skipping never hides a message.
struct BuildStamp: Sendable, Equatable {
    /// The stamp's path for a site folder (canonical path): `.NAME.pushbook-stamp` beside it.
    static func path(for target: String) -> String {
        (target as NSString).deletingLastPathComponent + "/.\((target as NSString).lastPathComponent).pushbook-stamp"
    }
    /// The first line.
    static let header = "pushbook build stamp 3"
    /// The largest stamp read.
    static let sizeLimit = 64 << 20

    /// What was recorded of one recipe.
    struct RecipeEntry: Sendable, Equatable {
        /// The fingerprint of its folder's metadata (`FileFingerprint.groups[id]`).
        var inputs: String
        /// `ContentHash.ofFolder` of its folder, as the build read it.
        var folderHash: String
        /// The cache key its site files were made for.
        var key: String
        /// `PageLinks.digest` of its page's anchors and links, as the build checked them.
        var links: String
    }

    /// The tool's identity (`BuildOptions.toolStamp`).
    var tool: String
    /// The digest of the settings that shape the site (see `settings`).
    var settings: String
    /// `FileFingerprint.whole` of the recipes folder, taken before any input was read.
    var inputs: String
    /// `FileFingerprint.whole` of the site folder (without the stamp), after the swap.
    var site: String
    /// The recipes built, by id.
    var recipes: [String: RecipeEntry]
    /// `SitePages.targetsDigest` of the site the build checked every link of ("-" when none was
    /// recorded): with the same targets, a page whose links are the recorded ones needs no check.
    var links: String = "-"

    /// The digest of what else decides the site's bytes: where the recipes are and how messages
    /// name them, and which folder the site is.
    static func settings(recipes: String, displayRoot: String, target: String) -> String {
        var hash = ContentHash()
        for part in [recipes, displayRoot, target] { hash.update(part) }
        return hash.hex
    }

    /// The fingerprint of a site folder's files (the manifest too).
    static func siteFingerprint(_ target: String) -> FileFingerprint? {
        FileFingerprint.of(target, racyCheck: false)
    }

    /// The stamp as text: one field a line, recipes sorted by id.
    var text: String {
        var lines = [Self.header, "tool \(tool)", "settings \(settings)", "inputs \(inputs)", "site \(site)", "links \(links)"]
        for (id, entry) in recipes.sorted(by: { $0.key < $1.key }) {
            lines.append("recipe \(id) \(entry.inputs) \(entry.folderHash) \(entry.key) \(entry.links)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a stamp; nil for anything that is not exactly a stamp's text (and for a tool
    /// identity or id holding white space, or a carriage return anywhere, which a stamp never has).
    /// Split as bytes (a line feed and a space are ASCII, so every part of valid UTF-8 is too):
    /// splitting the text by characters was most of the time an edit's build spent on its stamps.
    static func parse(_ bytes: [UInt8]) -> BuildStamp? {
        guard bytes.last == UInt8(ascii: "\n"), !bytes.contains(UInt8(ascii: "\r")),
              bytes.withUnsafeBufferPointer({ ValidUTF8.string($0) }) != nil else { return nil }
        let lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func parts(_ line: ArraySlice<UInt8>) -> [String] {
            line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        guard lines.count >= 6, lines[0].elementsEqual(header.utf8) else { return nil }
        func field(_ line: ArraySlice<UInt8>, _ name: String) -> String? {
            let parts = parts(line)
            return parts.count == 2 && parts[0] == name && !parts[1].isEmpty ? parts[1] : nil
        }
        guard let tool = field(lines[1], "tool"), let settings = field(lines[2], "settings"),
              let inputs = field(lines[3], "inputs"), let site = field(lines[4], "site"), let links = field(lines[5], "links") else { return nil }
        var recipes: [String: RecipeEntry] = [:]
        recipes.reserveCapacity(lines.count - 6)
        for line in lines.dropFirst(6) {
            let parts = parts(line)
            guard parts.count == 6, parts[0] == "recipe", parts.dropFirst().allSatisfy({ !$0.isEmpty }), recipes[parts[1]] == nil else { return nil }
            recipes[parts[1]] = RecipeEntry(inputs: parts[2], folderHash: parts[3], key: parts[4], links: parts[5])
        }
        return BuildStamp(tool: tool, settings: settings, inputs: inputs, site: site, recipes: recipes, links: links)
    }

    /// The stamp of the site at `target` (canonical), read without following a link; nil when
    /// there is none or it is not a stamp.
    static func read(site target: String) -> BuildStamp? {
        let path = path(for: target)
        guard let bytes = try? ContainedFile.read((path as NSString).lastPathComponent, under: (path as NSString).deletingLastPathComponent,
                                                  limit: sizeLimit) else { return nil }
        return parse(bytes)
    }

    /// True when the stamp says that this tool with these settings built the site at `target`
    /// from inputs of fingerprint `inputs`, and the site's files are still the ones it wrote.
    /// `taken` is the site's fingerprint when it was taken already under the lock.
    func describes(site target: String, tool: String, settings: String, inputs: FileFingerprint, taken: FileFingerprint? = nil) -> Bool {
        guard inputs.whole != FileFingerprint.racy, self.inputs == inputs.whole, self.tool == tool, self.settings == settings,
              site != FileFingerprint.racy else { return false }
        return (taken ?? Self.siteFingerprint(target))?.whole == site
    }

    /// Writes the stamp of the site at `target` (canonical), after the swap, under the lock. A
    /// stamp cut short by a crash does not parse, so the next build just does more work.
    func write(for target: String) throws {
        try write(to: Self.path(for: target))
    }

    /// Writes the stamp's text to `path` (replacing, never writing through, what is there).
    func write(to path: String) throws {
        unlink(path)
        try FileWriter.save(Array(text.utf8), to: path)
    }

    /// Removes the stamp of the site at `target`, if any, and the record of recipes beside it
    /// (`RecipeRecord`), which is only ever used with the stamp of its build.
    static func remove(for target: String) {
        unlink(path(for: target))
        RecipeRecord.remove(for: target)
    }

    /// Decides, under the output folder's lock, whether a build may leave the site at `target` as
    /// it is: it must be a folder the build may replace, and the stamp in it must describe it.
    /// Returns that stamp, or nil (then the build runs; it checks the folder again itself).
    static func upToDate(target: String, shown: String, protected: [(path: String, name: String)], tool: String, settings: String,
                         inputs: FileFingerprint, waiting: () -> Void) -> BuildStamp? {
        guard inputs.whole != FileFingerprint.racy, DirectoryWalker.lstatKind(target) == .directory,
              let lock = try? BuildLock(for: target, waiting: waiting) else { return nil }
        defer { withExtendedLifetime(lock) {} }
        // The stamp's own fields first (no walk), then the folder: it must be a site the build made
        // whose files are the ones the stamp recorded.
        // One walk checks the folder and takes its fingerprint (see `FileFingerprint.survey`).
        var surveyed: FileFingerprint?
        let listing = { (path: String) -> [DirectoryWalker.Entry] in
            guard let survey = FileFingerprint.survey(path) else { return DirectoryWalker.entries(under: path) }
            surveyed = survey.fingerprint
            return survey.entries
        }
        guard let stamp = read(site: target), stamp.inputs == inputs.whole, stamp.tool == tool, stamp.settings == settings,
              (try? SiteFolder.checkReplaceable(target, shown: shown, protected: protected, listing: listing)) == .manifest,
              stamp.describes(site: target, tool: tool, settings: settings, inputs: inputs, taken: surveyed) else { return nil }
        return stamp
    }
}
