/// The site a build replaces, when it is still exactly the one the stamp describes: every file's
/// metadata as `lstat` gives it now, digested, is the stamp's site fingerprint (see `BuildStamp`),
/// so each file is the one the stamped build swapped in, unchanged since, and each recipe's files
/// there are what that build made for the key the stamp records.
///
/// A recipe whose key is still that one then has its files linked over from the site as they are
/// (`BuildCache.restore`), each checked to be, at the moment it is linked, the inode this survey
/// saw, unchanged; their bytes are not read again. This trusts the stamp exactly as far as "up to
/// date" does (a site left alone because the stamp matched is trusted whole): a stamp names no path
/// and is only compared for equality with what the build measures, and a site file changed since
/// changes the fingerprint, so nothing is linked without its bytes compared.
struct StampedSite: Sendable {
    /// The key of each recipe in the site, by id.
    let keys: [String: String]
    /// Each file of the site, by path, as the survey saw it.
    let files: [String: FileIdentity]

    /// The site at `target` (canonical) as the stamp in `cache` (canonical) describes it, or nil
    /// when there is no stamp of this tool and these settings, or the site is not the stamp's.
    /// Called under the output folder's lock.
    static func survey(target: String, cache: String, tool: String, settings: String) -> StampedSite? {
        guard let stamp = BuildStamp.read(in: cache), stamp.tool == tool, stamp.settings == settings,
              let now = FileFingerprint.of(target, racyCheck: false, keepingFiles: true), now.whole.stable == stamp.site else { return nil }
        return StampedSite(keys: stamp.keys, files: now.files)
    }

    /// The files of recipe `id` made for `key` are all in this site: each one's identity, in the
    /// order of `paths`, or nil when the site holds that recipe for another key, or lacks a file or
    /// holds it with another size.
    func identities(of id: String, key: String, paths: [String], sizes: [Int]) -> [FileIdentity]? {
        guard keys[id] == key else { return nil }
        var found: [FileIdentity] = []
        for (path, size) in zip(paths, sizes) {
            guard let identity = files[path], identity.size == Int64(size), identity.isLinkable else { return nil }
            found.append(identity)
        }
        return found
    }
}
