import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One build's hold on its output folder, from the checks to the swap: the folder is checked
/// (nothing is touched when it is refused), locked against other builds, checked again under the
/// lock, staged beside it, and replaced whole by `commit`, or left as it was by `abandon`; the
/// old site goes with `removeOldSite` (or when the transaction ends), still under the lock.
///
/// Sendable so that a watch may remove the old site on another thread after the build returned
/// (see `BuildOptions.finishLater`); one thread at a time uses it.
final class SiteTransaction: @unchecked Sendable {
    /// The folder replaced: `--out` with every symbolic link resolved.
    let target: String
    /// The staging folder the site is written into.
    let staging: URL
    /// The fingerprint of the folder replaced, taken under the lock in the walk that checked it
    /// (see `FileFingerprint.survey`); nil when it was absent or could not be fingerprinted.
    let siteFingerprint: FileFingerprint?
    /// The spare site the staging folder was made from (see `SpareSite`), or nil when it started empty.
    let spare: SpareSite?
    /// The site whose identical files the build takes over by hard links (`OldSiteFile`): the
    /// folder replaced, unless staging is a spare (then staging keeps what the spare holds, and the
    /// rest is written or copied from the cache), so that the build leaves that folder alone.
    var reusableSite: String? { spare == nil ? target : nil }
    /// True once `commit` found that the build changed nothing of the folder it replaced, so that
    /// its fingerprint is still `siteFingerprint` and `keepOldSite` need not walk it again: staging
    /// was a spare, nothing was taken over from the folder (see `reusableSite`), and every file the
    /// spare shared with it by a hard link is still in the new site (removing one from staging
    /// would have changed the folder's link count and change time of that file).
    private(set) var leavesOldSiteAlone = false
    /// The identities of the spare's files that are files of the folder replaced too (hard links
    /// made by earlier builds); nil when either was not surveyed.
    private let sharedWithSite: Set<FileFingerprint.FileIdentity>?
    /// The fingerprint of the site `commit` swapped in, taken by its check just before the swap;
    /// nil before, or when it could not be taken. It stays the site's only while nothing changes
    /// the files' metadata, as removing the old site does (its links).
    private(set) var committedFingerprint: FileFingerprint?
    private let lock: BuildLock
    private var finished = false
    private var oldSite: String?

    /// The problem that stopped a transaction: a refusal (usage: exit 2) or a failure to write.
    enum Problem: Error {
        /// The folder may not be replaced; nothing was touched.
        case refused(SiteFolder.Refusal)
        /// Something could not be written.
        case failed(String)
    }

    /// Checks `output`, takes its lock (calling `waiting` while another build holds it), checks it
    /// again and makes a staging folder. `protected` are the recipes and cache folders. With
    /// `fingerprint` (a build that will compare the site with its stamp), the check under the lock
    /// also takes the site's fingerprint (`siteFingerprint`). With `spare` (the tool and settings
    /// of a cached build), the last build's spare site becomes the staging folder when it is usable.
    init(output: URL, shown: String, protected: [(url: URL, name: String)], fingerprint: Bool = false,
         spare: (tool: String, settings: String)? = nil, waiting: () -> Void) throws(Problem) {
        let target = SiteFolder.canonicalPath(output)
        let folders = protected.map { (path: SiteFolder.canonicalPath($0.url), name: $0.name) }
        // The first check refuses before anything is made: the parent folder and the lock file.
        // When the lock file is there already (a build into this folder ran before), taking the
        // lock makes nothing, so the folder's contents are left to the check under the lock, which
        // counts anyway; the checks of the path itself (the root, the protected folders, a file)
        // still come first.
        let madeBefore = DirectoryWalker.lstatKind(BuildLock.path(for: target)) == .file
        do {
            _ = try SiteFolder.checkReplaceable(target, shown: shown, protected: folders,
                                                listing: madeBefore ? { _ in [] } : DirectoryWalker.entries(under:))
        } catch {
            throw .refused(error)
        }
        let parent = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            lock = try BuildLock(for: target, waiting: waiting)
        } catch {
            throw .failed("cannot write the site: \(error.localizedDescription)")
        }
        // The spare is inspected on a thread of its own while the folder is checked: the two walks
        // read different folders, and the inspection changes nothing (see `SpareSite.inspect`).
        let inspection = spare.map { spare in BackgroundValue { SpareSite.inspect(for: target, tool: spare.tool, settings: spare.settings) } }
        // Another build may have replaced the folder while this one waited: this check is the one
        // that counts, and its walk also takes the folder's fingerprint for the stamp's comparison.
        var surveyed: (fingerprint: FileFingerprint, files: Set<FileFingerprint.FileIdentity>)?
        do {
            _ = try SiteFolder.checkReplaceable(target, shown: shown, protected: folders) { path in
                guard fingerprint, let survey = FileFingerprint.survey(path) else { return DirectoryWalker.entries(under: path) }
                surveyed = (survey.fingerprint, survey.files)
                return survey.entries
            }
        } catch {
            // Nothing of the spare is left reading once the lock goes.
            _ = inspection?.value
            throw .refused(error)
        }
        let inspected = inspection?.value
        siteFingerprint = surveyed?.fingerprint
        do {
            // Made and registered in one step under the signal handler's lock: a signal lands before
            // the folder exists or after it is registered for removal, never in between.
            (staging, self.spare) = try Interruption.uninterrupted { (registry) throws -> (URL, SpareSite?) in
                let made = try AtomicDirectory.staging(for: target, spare: inspected)
                registry.remove(onSignal: made.url.path)
                return made
            }
        } catch {
            throw .failed("cannot write the site: \(error.localizedDescription)")
        }
        sharedWithSite = self.spare.flatMap { spare in surveyed.map { spare.identities.intersection($0.files) } }
        self.target = target
    }

    /// Writes the manifest, checks that the staging folder holds exactly `files` (sorted by path; in a walk that
    /// also fingerprints it: `committedFingerprint`), and swaps the staging folder in; the old site
    /// is removed by `removeOldSite` or kept by `keepOldSite`. `untouched` are the recipes whose
    /// files the build left in the spare as they were (see `SpareSite.prune`): the walk takes their
    /// lines from the survey that took the spare instead of looking at each file again.
    func commit(files: [String], untouched: Set<String> = []) throws(Problem) {
        // Written beside the staging manifest and renamed over it: a build killed at any moment
        // leaves a whole manifest (the staging one, which covers every file, or the site's), so
        // the next build recognises the folder as its own and removes it. Written before the
        // check, so that the check's walk sees the site as it will be swapped in.
        let manifest = staging.appendingPathComponent(SiteFolder.manifestName)
        let draft = staging.appendingPathComponent(SiteFolder.manifestName + ".new")
        do {
            try FileWriter.save(SiteFolder.manifest(files: files), to: draft)
            guard rename(draft.path, manifest.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write '\(manifest.path)': \(String(cString: strerror(errno)))"])
            }
        } catch {
            throw .failed("cannot write the site: \(error.localizedDescription)")
        }
        let survey = FileFingerprint.survey(staging.path, known: spare?.knownLines(of: untouched) ?? [:])
        let found = survey?.entries ?? DirectoryWalker.entries(under: staging.path)
        let written = found.filter { $0.kind != .directory && $0.path != SiteFolder.manifestName }.map(\.path)
        // Both lists are sorted by path: compared in order, without hashing thousands of paths
        // into two sets (as sets when the orders differ, which a duplicate in `files` would make).
        guard written == files || Set(written) == Set(files), found.allSatisfy({ $0.kind != .symlink && $0.kind != .other && $0.validName }) else {
            let odd = Set(written).symmetricDifference(files).sorted().prefix(3).joined(separator: ", ")
            throw .failed("the staging folder does not hold the files the build wrote (\(odd)); the site was not replaced")
        }
        let old: String?
        do {
            old = try Interruption.uninterrupted { (registry) throws -> String? in
                let old = try AtomicDirectory.swap(staging, into: target)
                registry.forget(staging.path)
                if let old { registry.remove(onSignal: old, announced: false) }
                return old
            }
        } catch {
            throw .failed("cannot write the site: \(error.localizedDescription)")
        }
        finished = true
        oldSite = old
        committedFingerprint = survey?.fingerprint
        if let survey, let sharedWithSite { leavesOldSiteAlone = sharedWithSite.isSubset(of: survey.files) }
    }

    /// Removes the site that `commit` replaced (registered for removal on a signal until then).
    func removeOldSite() {
        guard let old = oldSite else { return }
        oldSite = nil
        SiteFolder.removeOwned(old)
        Interruption.forget(old)
    }

    /// Keeps the site that `commit` replaced as the spare of the next build (see `SpareSite`),
    /// recorded as described by `recipes` for `tool` and `settings`; removes it when it cannot be.
    func keepOldSite(recipes: [String: BuildStamp.RecipeEntry], tool: String, settings: String) {
        guard let old = oldSite else { return }
        oldSite = nil
        Interruption.uninterrupted { registry in
            SpareSite.keep(old, for: target, recipes: recipes, tool: tool, settings: settings,
                           fingerprint: leavesOldSiteAlone ? siteFingerprint : nil)
            registry.forget(old)
        }
    }

    /// Removes the staging folder; the site folder stays as it was.
    func abandon() {
        guard !finished else { return }
        finished = true
        Interruption.uninterrupted { registry in
            SiteFolder.removeOwned(staging.path)
            registry.forget(staging.path)
        }
    }

    deinit {
        abandon()
        removeOldSite()
    }
}
