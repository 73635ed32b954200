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
        // The top level is read here, and the entries of its folders; those entries (each with
        // what it holds) are shared out over two threads, a few at a time: the `fstatat` of
        // thousands of entries is most of a fingerprint. Every folder's entries are visited in path
        // order (see `Walk.items`), and the lanes' lines are put back in the order of their
        // entries, so the lines come out sorted by path, exactly as one walk gives them, with no
        // sort of thousands of paths and no merge of the lanes.
        let template = Walk(skipHidden: skipHidden, racyCheck: racyCheck, racyAfter: snapshot - racyWindow, only: only, known: known)
        var top = template
        guard let rootHandle = fdopendir(descriptor) else { close(descriptor); return nil }
        var handles = [rootHandle]
        defer { for handle in handles { closedir(handle) } }
        guard let rootItems = top.items(of: rootHandle, top: true) else { return nil }
        /// A run of the result: lines of the top walk, or a shared entry's lines.
        enum Piece { case top(Range<Int>), shared(Int) }
        var pieces: [Piece] = []
        var shared: [Walk.Shared] = []
        for item in rootItems {
            guard item.contents else {
                let before = top.entries.count
                guard top.visit(item, in: dirfd(rootHandle), prefix: "", group: item.name) else { return nil }
                pieces.append(.top(before..<top.entries.count))
                continue
            }
            let child = item.name.withCString { openat(dirfd(rootHandle), $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW) }
            guard child >= 0 else { continue }
            guard let handle = fdopendir(child) else { close(child); return nil }
            handles.append(handle)
            guard let items = top.items(of: handle, top: false) else { return nil }
            for entry in items {
                pieces.append(.shared(shared.count))
                shared.append(Walk.Shared(item: entry, folder: dirfd(handle), prefix: item.name))
            }
        }
        // Each lane takes the next few entries not yet taken (see `Lanes.share`) and notes where
        // each entry's lines are in its own walk.
        let lanes = Locked([(walk: Walk, lines: [(entry: Int, range: Range<Int>)])?]())
        Lanes.share(shared.count, batch: 8) { [shared] next in
            var walk = template
            var lines: [(entry: Int, range: Range<Int>)] = []
            lines.reserveCapacity(shared.count / 2 + 1)
            var failed = false
            while !failed, let batch = next() {
                for index in batch {
                    let before = walk.entries.count
                    guard walk.visit(shared[index].item, in: shared[index].folder, prefix: shared[index].prefix, group: shared[index].prefix) else {
                        failed = true
                        break
                    }
                    lines.append((index, before..<walk.entries.count))
                }
            }
            lanes.withLock { $0.append(failed ? nil : (walk, lines)) }
        }
        var results: [Walk] = []
        var located = [(lane: Int, range: Range<Int>)](repeating: (0, 0..<0), count: shared.count)
        var racyGroups = top.racyGroups
        var count = 0
        for result in lanes.current {
            guard let result else { return nil }
            for (index, range) in result.lines { located[index] = (results.count, range) }
            count += result.lines.count
            results.append(result.walk)
            racyGroups.formUnion(result.walk.racyGroups)
        }
        // Every entry visited once, by one lane or the other.
        guard count == shared.count else { return nil }
        var entries: [Walk.Line] = []
        entries.reserveCapacity(top.entries.count + results.reduce(0) { $0 + $1.entries.count })
        for piece in pieces {
            switch piece {
            case .top(let range): entries += top.entries[range]
            case .shared(let index): entries += results[located[index].lane].entries[located[index].range]
            }
        }
        // Each group's lines in path order. A group's lines are mostly together (a folder's line
        // may be apart from what it holds: `a`, `a-b`, `a/x`), so its hash is looked up only when
        // the group changes.
        var lines: [String: ContentHash] = [:]
        var current = (group: "", hash: ContentHash(), used: false)
        for entry in entries {
            if !current.used || current.group != entry.group {
                if current.used { lines[current.group] = current.hash }
                current = (entry.group, lines[entry.group] ?? ContentHash(), true)
            }
            // The path, then the seven numbers as bytes (a folder's mode is -1: folders count by path and kind only).
            current.hash.update(entry.path)
            withUnsafeBytes(of: entry.fields) { current.hash.update(raw: $0) }
        }
        if current.used { lines[current.group] = current.hash }
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

        /// One step of a folder's visit: an entry's own line, or (`contents`) what a folder holds.
        struct Item: Sendable {
            /// The entry's name.
            var name: String
            /// True when the entry is a folder.
            var isFolder: Bool
            /// Its `d_type`.
            var type: Int32
            /// True for the step that visits what the folder holds.
            var contents: Bool
            /// Where it comes in its folder: its name, and a `/` after it for `contents`.
            var key: String
        }

        /// An entry of a top-level folder for a lane: the step, the folder it is in (open until
        /// the walk ends), and that folder's path, which is the entry's group.
        struct Shared: Sendable {
            var item: Item
            var folder: Int32
            var prefix: String
        }

        /// The steps of the visit of the folder open as `handle` (`top` for the root), in path
        /// order: its entries by name, each folder twice, its line at its name and what it holds at
        /// its name and a `/`, so that `a`, `a-b` and `a/x` come in the order their paths sort.
        /// Hidden top-level names are left out with `skipHidden`, top-level entries outside `only`
        /// too; nil when a name cannot be written down (not UTF-8, or a newline in it) or an
        /// entry's kind cannot be learnt.
        func items(of handle: OpaquePointer, top: Bool) -> [Item]? {
            var items: [Item] = []
            while let entry = readdir(handle) {
                let type = Int32(entry.pointee.d_type)
                guard var name = withUnsafeBytes(of: entry.pointee.d_name, ValidUTF8.string(terminatedIn:)) else {
                    // Not valid UTF-8: a top-level hidden name is left out, any other cannot be written down.
                    let hidden = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
                    if skipHidden && top && hidden { continue }
                    return nil
                }
                if name == "." || name == ".." { continue }
                if skipHidden && top && name.hasPrefix(".") { continue }
                // A byte test over the name's bytes: Foundation's String.contains goes through
                // NSString, and the generic search of its UTF-8 view costs more than the `fstatat`.
                guard name.withUTF8({ $0.isEmpty || memchr($0.baseAddress!, 0x0A, $0.count) == nil }) else { return nil }
                var isFolder = type == Int32(DT_DIR)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard name.withCString({ fstatat(dirfd(handle), $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
                    isFolder = info.st_mode & S_IFMT == S_IFDIR
                }
                if let only, top, !only.contains(isFolder ? name : "") { continue }
                items.append(Item(name: name, isFolder: isFolder, type: type, contents: false, key: name))
                if isFolder { items.append(Item(name: name, isFolder: true, type: type, contents: true, key: name + "/")) }
            }
            // Names are unique in a folder and hold no `/`: no two keys are equal.
            items.sort { $0.key < $1.key }
            return items
        }

        /// Adds the lines of the folder open at `descriptor` (which it closes), `prefix` its path
        /// and `group` its group; false when a name cannot be written down or an entry cannot be examined.
        mutating func visitFolder(_ descriptor: Int32, prefix: String, group: String) -> Bool {
            guard let handle = fdopendir(descriptor) else { close(descriptor); return false }
            defer { closedir(handle) }
            guard let items = items(of: handle, top: false) else { return false }
            for item in items {
                guard visit(item, in: dirfd(handle), prefix: prefix, group: group) else { return false }
            }
            return true
        }

        /// Adds the line of the entry `item` of the folder open at `folder` (`prefix` its path,
        /// "" for the root; `group` the entry's group when it is below the root or a top-level
        /// folder), or the lines of what it holds; false as `visitFolder`.
        mutating func visit(_ item: Item, in folder: Int32, prefix: String, group: String) -> Bool {
            let path = prefix.isEmpty ? item.name : prefix + "/" + item.name
            if item.contents {
                // A folder that cannot be opened counts by its line alone.
                let child = item.name.withCString { openat(folder, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW) }
                return child < 0 || visitFolder(child, prefix: path, group: group)
            }
            if item.isFolder {
                entries.append((path, group, (-1, 0, 0, 0, 0, 0, 0)))
                return true
            }
            let fileGroup = prefix.isEmpty ? "" : group
            if item.type == Int32(DT_REG), only == nil, !known.isEmpty, let fields = known[path] {
                entries.append((path, fileGroup, fields))
                return true
            }
            var info = stat()
            guard item.name.withCString({ fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return false }
            // Read as a file but a folder now: a line for it would not be the folder's.
            guard info.st_mode & S_IFMT != S_IFDIR else { return false }
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
