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
final class SiteTransaction {
    /// The folder replaced: `--out` with every symbolic link resolved.
    let target: String
    /// The staging folder the site is written into.
    let staging: URL
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
    /// again and makes a staging folder. `protected` are the recipes and cache folders.
    init(output: URL, shown: String, protected: [(url: URL, name: String)], waiting: () -> Void) throws(Problem) {
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
        KillPoint.locked.reached()
        // Another build may have replaced the folder while this one waited: this check is the one that counts.
        do {
            _ = try SiteFolder.checkReplaceable(target, shown: shown, protected: folders)
        } catch {
            throw .refused(error)
        }
        do {
            // Made and registered in one step under the signal handler's lock: a signal lands before
            // the folder exists or after it is registered for removal, never in between.
            staging = try Interruption.uninterrupted { (registry) throws -> URL in
                let made = try AtomicDirectory.staging(for: target)
                registry.remove(onSignal: made.path)
                return made
            }
        } catch {
            throw .failed("cannot write the site: \(error.localizedDescription)")
        }
        self.target = target
    }

    /// Checks that the staging folder holds exactly `files`, writes the manifest and swaps the
    /// staging folder in; the old site is removed by `removeOldSite`.
    func commit(files: [String]) throws(Problem) {
        // A staging folder made of the folders the last build kept may hold some no file needs now
        // (a recipe gone): removed, the innermost first, before the site's manifest (which does not
        // cover them) replaces the staging one, so the site holds the folders of its files only.
        let listing = DirectoryWalker.listing(under: staging.path)
        let found = listing.entries
        let needed = SiteFolder.listedFolders(of: Set(files))
        for folder in found.filter({ $0.kind == .directory && !needed.contains($0.path) }).map(\.path).sorted(by: >) {
            rmdir(staging.path + "/" + folder)
        }
        let written = found.filter { $0.kind != .directory && $0.path != SiteFolder.manifestName }.map(\.path)
        guard Set(written) == Set(files), written.count == files.count, listing.unreadable == nil, listing.tooDeep == nil,
              found.allSatisfy({ $0.kind != .symlink && $0.kind != .other && $0.validName }) else {
            let odd = (Set(written).symmetricDifference(files).sorted() + [listing.unreadable?.path, listing.tooDeep].compactMap { $0 })
                .prefix(3).joined(separator: ", ")
            throw .failed("the staging folder does not hold the files the build wrote (\(odd)); the site was not replaced")
        }
        // Written beside the staging manifest and renamed over it: a build killed at any moment
        // leaves a whole manifest (the staging one, which covers every file, or the site's), so
        // the next build recognises the folder as its own and removes it. The rename puts one
        // file in the place of another, so the site swapped in is the one just checked.
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
        KillPoint.beforeSwap.reached()
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
        KillPoint.afterSwap.reached()
    }

    /// Removes the site that `commit` replaced (registered for removal on a signal until then),
    /// keeping its folders for the next build (`AtomicDirectory.keepFolders`); returns a warning
    /// naming what could not be removed, or nil.
    @discardableResult
    func removeOldSite() -> String? {
        guard let old = oldSite else { return nil }
        oldSite = nil
        defer { Interruption.forget(old) }
        guard AtomicDirectory.keepFolders(old, for: target) else {
            return "the site replaced by this build stays at '\(old)': it could not be removed (\(String(cString: strerror(errno)))); remove it by hand"
        }
        return nil
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
