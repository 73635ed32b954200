import Foundation
import NotificationSimulator
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
    /// With `only`, just those groups are walked (a folder's name, "" for the top-level files);
    /// the result's `whole` then covers only them.
    static func of(_ root: String, skipHidden: Bool = false, racyCheck: Bool = true, only: Set<String>? = nil) -> FileFingerprint? {
        taken(root, skipHidden: skipHidden, racyCheck: racyCheck, only: only)?.fingerprint
    }

    /// The fingerprint of a site folder (as `BuildStamp.siteFingerprint`: nothing left out, no racy
    /// groups) and, from the same walk, every entry under it as `DirectoryWalker.entries` lists
    /// them (sorted by path, links not followed; every name is valid UTF-8, or there is no
    /// fingerprint): one walk for the output folder's check under the lock and the stamp's
    /// comparison. Nil when the fingerprint cannot be taken (then list the folder by itself).
    /// `files` identifies every entry but the folders (see `FileIdentity`), and `fields` are
    /// each entry's numbers (see `Fields`), in the order of `entries`.
    ///
    /// With `known` (the numbers of files this process knows it left alone since it last saw
    /// them, by path), such a file's line is made from them instead of an `fstatat`: the folders
    /// are still read, so every entry is there, and a file left out of `known` is looked at.
    /// A known line that is no longer true only makes the fingerprint differ from the folder's,
    /// as any change made after the survey would: whoever compares it with the folder again finds
    /// the folder changed.
    static func survey(_ root: String, known: [String: Fields] = [:])
        -> (fingerprint: FileFingerprint, entries: [DirectoryWalker.Entry], files: Set<FileIdentity>, fields: [Fields])? {
        guard let (fingerprint, lines) = taken(root, skipHidden: false, racyCheck: false, only: nil, known: known) else { return nil }
        var files = Set<FileIdentity>(minimumCapacity: lines.count)
        for line in lines where line.fields.0 != -1 { files.insert(FileIdentity(device: line.fields.5, inode: line.fields.4)) }
        let entries = lines.map { line -> DirectoryWalker.Entry in
            let kind: DirectoryWalker.Kind
            switch line.fields.0 == -1 ? S_IFDIR : mode_t(truncatingIfNeeded: line.fields.0) & S_IFMT {
            case S_IFDIR: kind = .directory
            case S_IFREG: kind = .file
            case S_IFLNK: kind = .symlink
            default: kind = .other
            }
            return DirectoryWalker.Entry(path: line.path, kind: kind, validName: true)
        }
        return (fingerprint, entries, files, lines.map(\.fields))
    }

    /// What a line holds of an entry but its path: mode, size, modification and change times,
    /// inode, device and link count (a folder's mode is -1 and the rest 0).
    typealias Fields = (Int64, Int64, Int64, Int64, Int64, Int64, Int64)

    /// A file's inode and device: two names with one identity are hard links of one file, and a
    /// change of either one's link count changes the other's line.
    struct FileIdentity: Hashable, Sendable {
        /// `st_dev`.
        var device: Int64
        /// `st_ino`.
        var inode: Int64
    }

    /// The fingerprint and the lines it digested, sorted by path.
    private static func taken(_ root: String, skipHidden: Bool, racyCheck: Bool, only: Set<String>?, known: [String: Fields] = [:])
        -> (fingerprint: FileFingerprint, lines: [Walk.Line])? {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let snapshot = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        var info = stat()
        guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        // The top level is read here; what its folders hold (each a subtree of its own) is shared
        // out over two threads, every other entry each: the `fstatat` of thousands of entries is
        // most of a fingerprint. Every entry is visited exactly as by one walk, and the lines are
        // sorted by path before they are digested, so the lanes change nothing in the result.
        var top = Walk(skipHidden: skipHidden, racyCheck: racyCheck, racyAfter: snapshot - racyWindow, only: only, known: known)
        var pending: [Walk.Pending] = []
        guard top.visit(descriptor, prefix: "", group: "", deferring: &pending) else {
            top.closeAll(pending)
            return nil
        }
        let template = Walk(skipHidden: skipHidden, racyCheck: racyCheck, racyAfter: snapshot - racyWindow, only: only, known: known)
        let lanes = Locked([Walk?](repeating: nil, count: 2))
        let shared = pending
        DispatchQueue.concurrentPerform(iterations: shared.isEmpty ? 0 : min(2, shared.count)) { lane in
            var walk = template
            var ok = true
            for index in stride(from: lane, to: shared.count, by: 2) where ok {
                ok = walk.visitEntry(shared[index].name, in: shared[index].folder, type: shared[index].type,
                                     prefix: shared[index].prefix, group: shared[index].group)
            }
            // Each lane sorts its own lines; the sorted runs are merged below.
            if ok { walk.entries.sort { $0.path < $1.path } }
            let result = ok ? walk : nil
            lanes.withLock { $0[lane] = result }
        }
        top.closeAll(pending)
        top.entries.sort { $0.path < $1.path }
        var runs = [top.entries]
        var racyGroups = top.racyGroups
        for lane in 0..<(shared.isEmpty ? 0 : min(2, shared.count)) {
            guard let walk = lanes.current[lane] else { return nil }
            runs.append(walk.entries)
            racyGroups.formUnion(walk.racyGroups)
        }
        let entries = merged(runs)
        var lines: [String: ContentHash] = [:]
        for entry in entries {
            // The path, then the seven numbers as bytes (a folder's mode is -1: folders count by path and kind only).
            lines[entry.group, default: ContentHash()].update(entry.path)
            withUnsafeBytes(of: entry.fields) { lines[entry.group]!.update(raw: $0) }
        }
        var groups: [String: String] = [:]
        var whole = ContentHash()
        for (group, hash) in lines.sorted(by: { $0.key < $1.key }) {
            let digest = racyGroups.contains(group) ? racy : hash.hex
            groups[group] = digest
            whole.update(group)
            whole.update(digest)
        }
        return (FileFingerprint(groups: groups, whole: racyGroups.isEmpty ? whole.hex : racy), entries)
    }

    /// `runs`, each sorted by path, as one list sorted by path (paths are unique).
    private static func merged(_ runs: [[Walk.Line]]) -> [Walk.Line] {
        var result: [Walk.Line] = []
        result.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        var next = [Int](repeating: 0, count: runs.count)
        while true {
            var first = -1
            for run in runs.indices where next[run] < runs[run].count {
                if first < 0 || runs[run][next[run]].path < runs[first][next[first]].path { first = run }
            }
            guard first >= 0 else { return result }
            result.append(runs[first][next[first]])
            next[first] += 1
        }
    }

    /// One walk of a folder tree by directory descriptors (`fstatat` of a name in its folder, no
    /// path looked up from the root): each entry's line and group, and the racy groups.
    private struct Walk: Sendable {
        let skipHidden: Bool
        let racyCheck: Bool
        let racyAfter: Int64
        let only: Set<String>?
        /// The numbers of files known unchanged, by path (see `survey(_:known:)`).
        let known: [String: Fields]
        /// One entry's line: its path, its group, and its mode, size, times, inode, device and link count.
        typealias Line = (path: String, group: String, fields: Fields)
        var entries: [Line] = []
        var racyGroups: Set<String> = []

        /// An entry of a top-level folder left for a lane: its folder (open until `closeAll`), its
        /// name, its `d_type`, its folder's path and its group.
        struct Pending: @unchecked Sendable {
            var handle: OpaquePointer?
            var folder: Int32
            var name: String
            var type: Int32
            var prefix: String
            var group: String
        }

        /// Closes the folders `pending` holds open.
        func closeAll(_ pending: [Pending]) {
            for item in pending { if let handle = item.handle { closedir(handle) } }
        }

        /// Adds the entries of the folder open at `descriptor` (which it closes), `prefix` its
        /// path and `group` its group; false when a name cannot be written down or an entry cannot
        /// be examined. The entries of a top-level folder are not visited but appended to
        /// `deferring` (its folder stays open: the first such entry holds its handle).
        mutating func visit(_ descriptor: Int32, prefix: String, group: String, deferring: inout [Pending]) -> Bool {
            guard let handle = fdopendir(descriptor) else { close(descriptor); return false }
            let defers = !prefix.isEmpty && !prefix.utf8.contains(UInt8(ascii: "/"))
            var handed = false
            defer { if !handed { closedir(handle) } }
            while let entry = readdir(handle) {
                let type = Int32(entry.pointee.d_type)
                guard let name = withUnsafeBytes(of: entry.pointee.d_name, ValidUTF8.string(terminatedIn:)) else {
                    // Not valid UTF-8: a top-level hidden name is left out, any other cannot be written down.
                    let hidden = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
                    if skipHidden && prefix.isEmpty && hidden { continue }
                    return false
                }
                if name == "." || name == ".." { continue }
                if defers {
                    deferring.append(Pending(handle: handed ? nil : handle, folder: dirfd(handle), name: name, type: type, prefix: prefix, group: group))
                    handed = true
                    continue
                }
                guard visitEntry(name, in: dirfd(handle), type: type, prefix: prefix, group: group, deferring: &deferring) else { return false }
            }
            return true
        }

        /// Adds the entry `name` of the folder open at `folder` (`type` its `d_type`), and what it
        /// holds when it is a folder; false as `visit`.
        mutating func visitEntry(_ name: String, in folder: Int32, type: Int32, prefix: String, group: String) -> Bool {
            var none: [Pending] = []
            return visitEntry(name, in: folder, type: type, prefix: prefix, group: group, deferring: &none)
        }

        private mutating func visitEntry(_ name: String, in folder: Int32, type: Int32, prefix: String, group topGroup: String,
                                         deferring: inout [Pending]) -> Bool {
            if skipHidden && prefix.isEmpty && name.hasPrefix(".") { return true }
            // A byte test: Foundation's String.contains goes through NSString.
            guard !name.utf8.contains(UInt8(ascii: "\n")) else { return false }
            let path = prefix.isEmpty ? name : prefix + "/" + name
            let group = prefix.isEmpty ? name : topGroup
            if type == Int32(DT_REG), only == nil, !known.isEmpty, let fields = known[path] {
                entries.append((path, prefix.isEmpty ? "" : group, fields))
                return true
            }
            var info = stat()
            if type != Int32(DT_DIR) {
                guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            }
            let isFolder = type == Int32(DT_DIR) || info.st_mode & S_IFMT == S_IFDIR
            if let only, prefix.isEmpty, !only.contains(isFolder ? name : "") { return true }
            if isFolder {
                entries.append((path, group, (-1, 0, 0, 0, 0, 0, 0)))
                let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                if child >= 0, !visit(child, prefix: path, group: group, deferring: &deferring) { return false }
                return true
            }
            let fileGroup = prefix.isEmpty ? "" : group
            let modified = FileFingerprint.nanoseconds(info.st_mtim), changed = FileFingerprint.nanoseconds(info.st_ctim)
            if racyCheck && max(modified, changed) > racyAfter { racyGroups.insert(fileGroup) }
            entries.append((path, fileGroup, (Int64(info.st_mode), Int64(info.st_size), modified, changed, Int64(bitPattern: UInt64(info.st_ino)),
                                              Int64(bitPattern: UInt64(info.st_dev)), Int64(info.st_nlink))))
            return true
        }
    }

    /// True when group `name` has the digest `recorded` (and is not racy).
    func unchanged(_ name: String, recorded: String?) -> Bool {
        guard let mine = groups[name], mine != Self.racy else { return false }
        return recorded == mine
    }

    fileprivate static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
