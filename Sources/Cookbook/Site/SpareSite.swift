import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The site a build replaced, kept beside the new one as `.NAME.pushbook-spare` so that the next
/// build stages into it instead of into an empty folder: the recipes whose files it holds for the
/// cache key they have now stay where they are (no link, no copy, no removal), everything else in
/// it is removed first, and the rest is written as into a fresh staging folder. Staging and then
/// removing a whole site of hard links was most of an edit's system time.
///
/// Its record, `.NAME.pushbook-spare-stamp`, is a `BuildStamp` (same text, same parser): the tool
/// and settings of the build that kept it, the spare's own fingerprint (`site`), taken after it was
/// put aside, and the recipes' entries of the stamp that described it while it was the site. Both
/// are untrusted, like the stamp: the spare is used only when it is a plain folder of regular files
/// and folders whose fingerprint is exactly the recorded one (an edit, a new link or a `touch` of
/// any file changes it), for this tool and these settings; otherwise it is removed (when it is
/// wholly the build's) and staging starts empty. A spare never holds the only copy of anything: its
/// files are the old site's, and the files it shares with the site (hard links) are only ever
/// unlinked from it, never written (see `prune`), so the site is never touched through it.
struct SpareSite: Sendable {
    /// The staging folder the spare became.
    let staging: String
    /// What its record says of each recipe it holds.
    let recipes: [String: BuildStamp.RecipeEntry]
    /// The files it held when it was taken, by the recipe owning them (see `owner(of:)`).
    let files: [String: Set<String>]
    /// The identities of the files it held when it was taken (see `FileFingerprint.FileIdentity`):
    /// a file it shares with the site by a hard link changes the site's lines when it is removed.
    let identities: Set<FileFingerprint.FileIdentity>
    /// What the survey that took it saw of each recipe's files (see `FileFingerprint.Fields`), by recipe.
    private let lines: [String: [(path: String, fields: FileFingerprint.Fields)]]

    /// The spare folder's path for a site folder (canonical path).
    static func path(for target: String) -> String {
        (target as NSString).deletingLastPathComponent + "/.\((target as NSString).lastPathComponent).pushbook-spare"
    }

    /// Its record's path.
    static func recordPath(for target: String) -> String {
        path(for: target) + "-stamp"
    }

    /// What `inspect` found of a usable spare: its record and the survey of its files, taken under
    /// the lock before anything in it changed.
    struct Candidate: Sendable {
        /// The spare's record.
        let stamp: BuildStamp
        /// Its entries, in path order, as `FileFingerprint.survey` lists them.
        let entries: [DirectoryWalker.Entry]
        /// Each entry's numbers, in the order of `entries`.
        let fields: [FileFingerprint.Fields]
        /// The identities of its files.
        let identities: Set<FileFingerprint.FileIdentity>
    }

    /// The spare of `target` when it is usable for `tool` and `settings`: a folder of regular
    /// files and folders whose fingerprint is exactly the one its record holds; nil otherwise.
    /// It only reads (the spare and its record stay as they are), so it may run while the site
    /// itself is checked; the caller holds the lock.
    static func inspect(for target: String, tool: String, settings: String) -> Candidate? {
        let spare = path(for: target), record = recordPath(for: target)
        guard DirectoryWalker.lstatKind(spare) == .directory else { return nil }
        let parent = (record as NSString).deletingLastPathComponent
        guard let bytes = try? ContainedFile.read((record as NSString).lastPathComponent, under: parent, limit: BuildStamp.sizeLimit),
              let stamp = BuildStamp.parse(bytes), stamp.tool == tool, stamp.settings == settings, stamp.site != FileFingerprint.racy,
              let survey = FileFingerprint.survey(spare), survey.fingerprint.whole == stamp.site,
              survey.entries.allSatisfy({ $0.validName && ($0.kind == .file || $0.kind == .directory) }) else { return nil }
        return Candidate(stamp: stamp, entries: survey.entries, fields: survey.fields, identities: survey.files)
    }

    /// Turns the spare of `target` into the staging folder `staging` (which must not exist) when
    /// `inspect` found it usable under this lock (`candidate`), marking it as a staging folder;
    /// otherwise removes it (when wholly the build's) and returns nil. Its record is removed either
    /// way. The caller holds the lock, and registers `staging` for removal on a signal (see `SiteTransaction`).
    static func take(_ candidate: Candidate?, for target: String, into staging: String) -> SpareSite? {
        let spare = path(for: target), record = recordPath(for: target)
        defer { unlink(record) }
        guard let candidate, rename(spare, staging) == 0 else {
            discard(for: target)
            return nil
        }
        // Marked as a staging folder (its manifest lists everything) before anything in it changes,
        // so that the leftover of a build killed from here on is recognised and removed.
        let manifest = staging + "/" + SiteFolder.manifestName, draft = manifest + ".new"
        unlink(draft)
        guard (try? FileWriter.save(Array((SiteFolder.stagingHeader + "\n").utf8), to: draft)) != nil, rename(draft, manifest) == 0 else {
            SiteFolder.removeOwned(staging)
            return nil
        }
        var files: [String: Set<String>] = [:]
        var lines: [String: [(path: String, fields: FileFingerprint.Fields)]] = [:]
        for (entry, fields) in zip(candidate.entries, candidate.fields) where entry.kind == .file {
            guard let id = owner(of: entry.path) else { continue }
            files[id, default: []].insert(entry.path)
            lines[id, default: []].append((entry.path, fields))
        }
        return SpareSite(staging: staging, recipes: candidate.stamp.recipes, files: files, identities: candidate.identities, lines: lines)
    }

    /// Removes the spare of `target` when it is wholly the build's, and its record.
    static func discard(for target: String) {
        let spare = path(for: target)
        unlink(recordPath(for: target))
        // Only a folder with a manifest: a spare is never of the layout before manifests.
        guard DirectoryWalker.lstatKind(spare) == .directory, DirectoryWalker.lstatKind(spare + "/" + SiteFolder.manifestName) == .file,
              SiteFolder.isOwnedLeftover(spare) else { return }
        SiteFolder.removeOwned(spare)
    }

    /// Puts the replaced site at `old` aside as the spare of `target`, with the record of a build
    /// of `tool` and `settings` whose previous stamp described it with `recipes`; removes it when
    /// it cannot be. Called under the lock, after the swap. `fingerprint` is the site's, when the
    /// build knows it is still that (see `SiteTransaction.leavesOldSiteAlone`); else it is taken.
    static func keep(_ old: String, for target: String, recipes: [String: BuildStamp.RecipeEntry], tool: String, settings: String,
                     fingerprint known: FileFingerprint? = nil) {
        let spare = path(for: target), record = recordPath(for: target)
        unlink(record)
        // Only into a free name: `rename` would also replace an empty folder someone made there.
        var info = stat()
        guard lstat(spare, &info) != 0, errno == ENOENT, rename(old, spare) == 0 else { return SiteFolder.removeOwned(old) }
        guard let fingerprint = known ?? FileFingerprint.of(spare, racyCheck: false),
              (try? BuildStamp(tool: tool, settings: settings, inputs: "-", site: fingerprint.whole, recipes: recipes).write(to: record)) != nil else {
            unlink(record)
            return SiteFolder.removeOwned(spare)
        }
    }

    /// The recipe a site file belongs to: `recipes/ID.html`, `downloads/ID/…` or `media/ID/…`; nil
    /// for the site's own files. Read as bytes (`/` is ASCII): it runs for every file of the spare.
    static func owner(of file: String) -> String? {
        let bytes = file.utf8
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let top = bytes[..<slash], rest = bytes[bytes.index(after: slash)...]
        if top.elementsEqual("recipes".utf8) {
            guard !rest.contains(UInt8(ascii: "/")), rest.count > 5, rest.suffix(5).elementsEqual(".html".utf8) else { return nil }
            return String(decoding: rest.dropLast(5), as: UTF8.self)
        }
        guard top.elementsEqual("downloads".utf8) || top.elementsEqual("media".utf8),
              let next = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        return String(decoding: rest[..<next], as: UTF8.self)
    }

    /// The recipes whose files stay: the ones whose recorded key is `keys[id]`.
    func kept(keys: [String: String]) -> Set<String> {
        Set(recipes.compactMap { id, entry in keys[id] == entry.key && files[id] != nil ? id : nil })
    }

    /// The numbers the survey that took the spare saw of the files of the recipes `ids`, by path:
    /// for a commit's check to take instead of looking at files the build left where they were
    /// (see `FileFingerprint.survey(_:known:)`).
    func knownLines(of ids: Set<String>) -> [String: FileFingerprint.Fields] {
        var known: [String: FileFingerprint.Fields] = [:]
        known.reserveCapacity(ids.reduce(0) { $0 + (lines[$1]?.count ?? 0) })
        for id in ids { for line in lines[id] ?? [] { known[line.path] = line.fields } }
        return known
    }

    /// Removes from the staging folder everything but the files of the recipes `kept` (and the
    /// folders holding them): the site's own pages and assets, and every other recipe's page,
    /// downloads and media. What the build writes next then never finds a file in its way (a file
    /// shared with the site by a hard link is unlinked here, never opened for writing).
    func prune(keeping kept: Set<String>) {
        SiteFolder.prune(staging) { top, child in
            guard let child else { return ["recipes", "downloads", "media"].contains(top) }
            switch top {
            case "recipes": return child.hasSuffix(".html") && kept.contains(String(child.dropLast(5)))
            default: return kept.contains(child)
            }
        }
    }

    /// Removes recipe `id`'s files from the staging folder (its page, downloads and media), when
    /// what the spare holds of it is not what its cache entry lists.
    func remove(_ id: String) {
        SiteFolder.prune(staging) { top, child in
            guard let child else { return true }
            switch top {
            case "recipes": return child != id + ".html"
            case "downloads", "media": return child != id
            default: return true
            }
        }
    }
}
