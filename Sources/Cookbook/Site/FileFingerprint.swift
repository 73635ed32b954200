import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat` says of every entry under a folder (path, kind, size, modification and change
/// times in nanoseconds, inode, link count), digested per group, without reading a byte of any file.
///
/// It is how a build decides cheaply that its inputs, or a site it wrote, did not change: an edit,
/// a `touch`, a rename, a copy, a deletion, `chmod` or a new hard link each change a line (the
/// change time is set by the kernel and cannot be set back by a user). Groups are the first path
/// component (one recipe folder each); entries at the top level form the group "".
struct FileFingerprint: Sendable, Equatable {
    /// The digest of each group's lines, by group; `racy` for a group with an entry changed within
    /// `racyWindow` of the snapshot (its time stamps cannot prove that a later edit changed nothing).
    var groups: [String: String]
    /// The digest of every group's digest, or `racy` when any group is.
    var whole: String

    /// What a racy group's digest reads; it never equals a digest.
    static let racy = "racy"
    /// How close to the snapshot a change must be for its time stamps to be doubtful: an edit in the
    /// same clock tick as the snapshot, of the same size, would leave every field as it was.
    static let racyWindow: Int64 = 1_000_000_000

    /// The fingerprint of everything under `root` (folders by path and kind only), leaving out,
    /// with `skipHidden`, the top-level names starting with `.` (the recipe loader never reads
    /// them); nil when `root` cannot be read or a name cannot be written down.
    static func of(_ root: String, skipHidden: Bool = false, racyCheck: Bool = true) -> FileFingerprint? {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let snapshot = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        var lines: [String: ContentHash] = [:]
        var racyGroups: Set<String> = []
        var info = stat()
        guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        for entry in DirectoryWalker.entries(under: root) {
            let parts = entry.path.split(separator: "/", maxSplits: 1)
            if skipHidden && entry.path.hasPrefix(".") { continue }
            // A byte test: Foundation's String.contains goes through NSString.
            guard entry.validName, !entry.path.utf8.contains(UInt8(ascii: "\n")) else { return nil }
            let group = parts.count > 1 || entry.kind == .directory ? String(parts[0]) : ""
            guard lstat(root + "/" + entry.path, &info) == 0 else { return nil }
            let line: String
            if entry.kind == .directory {
                line = "d \(entry.path)"
            } else {
                let modified = Self.nanoseconds(info.st_mtim), changed = Self.nanoseconds(info.st_ctim)
                if racyCheck && max(modified, changed) > snapshot - racyWindow { racyGroups.insert(group) }
                line = "\(info.st_mode) \(info.st_size) \(modified) \(changed) \(info.st_ino) \(info.st_dev) \(info.st_nlink) \(entry.path)"
            }
            lines[group, default: ContentHash()].update(line)
        }
        var groups: [String: String] = [:]
        var whole = ContentHash()
        for (group, hash) in lines.sorted(by: { $0.key < $1.key }) {
            let digest = racyGroups.contains(group) ? racy : hash.hex
            groups[group] = digest
            whole.update(group)
            whole.update(digest)
        }
        return FileFingerprint(groups: groups, whole: racyGroups.isEmpty ? whole.hex : racy)
    }

    /// True when group `name` has the digest `recorded` (and is not racy).
    func unchanged(_ name: String, recorded: String?) -> Bool {
        guard let mine = groups[name], mine != Self.racy else { return false }
        return recorded == mine
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
