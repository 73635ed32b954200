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
    /// The digest of each group's lines, by group.
    var groups: [String: MetadataDigest]
    /// The digest of every group's digest; racy when any group is.
    var whole: MetadataDigest
    /// What `lstat` said of each file (not folder) by path, when asked for (`keepingFiles`); else empty.
    var files: [String: FileIdentity] = [:]
    /// The groups holding a file with more than one name: it may change through a name outside
    /// the folder, where a watch sees no event (`rewalking` walks them every time).
    var shared: Set<String> = []

    /// How close to the snapshot a change must be for its time stamps to be doubtful: an edit in the
    /// same clock tick as the snapshot, of the same size, would leave every field as it was. One
    /// second; tests that must not wait set `PUSHBOOK_RACY_WINDOW_MS` (read once) to a smaller window.
    static let racyWindow: Int64 = {
        if let text = ProcessInfo.processInfo.environment["PUSHBOOK_RACY_WINDOW_MS"], let milliseconds = Int64(text),
           (0...1_000).contains(milliseconds) {
            return milliseconds * 1_000_000
        }
        return 1_000_000_000
    }()

    /// The fingerprint of everything under `root` (folders by path and kind only), leaving out,
    /// with `skipHidden`, the top-level names starting with `.` (the recipe loader never reads
    /// them); without `racyCheck`, no group is racy (a site the build itself just wrote). Nil when
    /// `root` cannot be read, a name cannot be written down, or the tree is deeper than a walk goes.
    /// With `only`, the groups named there alone (their digests are the ones a whole walk gives;
    /// `whole` then covers those groups only). With `keepingFiles`, `files` holds each file's line.
    static func of(_ root: String, skipHidden: Bool = false, racyCheck: Bool = true, only: Set<String>? = nil,
                   keepingFiles: Bool = false) -> FileFingerprint? {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let racyAfter = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - racyWindow
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let walk = Walk(root: descriptor, skipHidden: skipHidden, racyCheck: racyCheck, racyAfter: racyAfter, only: only)
        // The root and, while there are few folders, the level below it are listed here; the folders
        // found then are walked on every core. The lines are the same as one walk's, in any order.
        guard var found = walk.walk(Walk.Folder(parts: [], group: ""), deep: false) else { return nil }
        var folders = found.folders
        if folders.count < 16 {
            var deeper: [Walk.Folder] = []
            for folder in folders {
                guard let listed = walk.walk(folder, deep: false) else { return nil }
                found.add(listed)
                deeper += listed.folders
            }
            folders = deeper
        }
        let units = folders
        let walked = Locked([Walk.Listing?](repeating: nil, count: units.count))
        let failed = Locked(false)
        DispatchQueue.concurrentPerform(iterations: units.count) { index in
            guard let listing = walk.walk(units[index]) else { return failed.withLock { $0 = true } }
            walked.withLock { $0[index] = listing }
        }
        guard !failed.current else { return nil }
        for listing in walked.current { if let listing { found.add(listing) } }
        var lines = found.lines
        let racyGroups = found.racy, shared = found.shared
        lines.sort { $0.path < $1.path }
        var hashes: [String: ContentHash] = [:]
        for line in lines {
            // The path, then the seven numbers as bytes (a folder's mode is -1: folders count by path and kind only).
            hashes[line.group, default: ContentHash()].update(line.path)
            withUnsafeBytes(of: line.identity.fields) { hashes[line.group, default: ContentHash()].update(raw: $0) }
        }
        var groups: [String: MetadataDigest] = [:]
        for (group, hash) in hashes { groups[group] = racyGroups.contains(group) ? .racy : .stable(hash.hex) }
        var files: [String: FileIdentity] = [:]
        if keepingFiles {
            for line in lines where line.identity != .folder { files[line.path] = line.identity }
        }
        return FileFingerprint(groups: groups, whole: whole(of: groups), files: files, shared: shared)
    }

    /// The digest of every group's digest, in the order of their names; racy when any group is.
    static func whole(of groups: [String: MetadataDigest]) -> MetadataDigest {
        var whole = ContentHash()
        for (group, digest) in groups.sorted(by: { $0.key < $1.key }) {
            guard let stable = digest.stable else { return .racy }
            whole.update(group)
            whole.update(stable)
        }
        return .stable(whole.hex)
    }

    /// This fingerprint of `root` with `groups`, every racy group and every shared one walked
    /// again, the others kept as they are: what a whole walk gives when nothing changed outside
    /// `groups` since this one was taken (a watch knows that from its events). Nil when the walk fails.
    func rewalking(_ groups: Set<String>, under root: String, skipHidden: Bool) -> FileFingerprint? {
        let walked = groups.union(self.groups.filter { $0.value == .racy }.map(\.key)).union(shared)
        guard let fresh = Self.of(root, skipHidden: skipHidden, only: walked) else { return nil }
        var updated = self.groups.filter { !walked.contains($0.key) }
        updated.merge(fresh.groups) { _, new in new }
        return FileFingerprint(groups: updated, whole: Self.whole(of: updated), shared: shared.subtracting(walked).union(fresh.shared))
    }
}

extension FileFingerprint {
    /// One walk's settings, and the listing of its folders, each opened from the root one name at a
    /// time without following a link (so a folder replaced by a link mid-walk is not followed).
    fileprivate struct Walk: Sendable {
        /// A folder to list: the names from the root down to it, and its group.
        struct Folder: Sendable {
            var parts: [String]
            var group: String
            /// Its path under the root.
            var path: String { parts.joined(separator: "/") }
            /// How many folders down from the root it is.
            var depth: Int { parts.count }
        }

        /// What listing found: each entry's line, the racy groups, and the folders below.
        struct Listing: Sendable {
            var lines: [(path: String, group: String, identity: FileIdentity)] = []
            var racy: Set<String> = []
            var shared: Set<String> = []
            var folders: [Folder] = []

            /// Adds the lines, racy and shared groups of `other` (not its folders).
            mutating func add(_ other: Listing) {
                lines += other.lines
                racy.formUnion(other.racy)
                shared.formUnion(other.shared)
            }
        }

        let root: Int32
        let skipHidden: Bool
        let racyCheck: Bool
        let racyAfter: Int64
        let only: Set<String>?

        /// Everything under `folder` (with `deep`), iteratively, holding the open folders from it
        /// down (see `DirectoryWalker`), or (without) its entries alone and its folders to list
        /// next; nil when a name cannot be written down, an entry cannot be read, the tree is deeper
        /// than a walk goes or the process is out of descriptors. A folder that cannot be opened
        /// counts by its line alone.
        func walk(_ folder: Folder, deep: Bool = true) -> Listing? {
            var all = Listing()
            var stack: [(handle: OpaquePointer, folder: Folder)] = []
            switch open(folder) {
            case .folder(let handle): stack.append((handle, folder))
            case .unreadable: return all
            case .exhausted: return nil
            }
            defer { for frame in stack { closedir(frame.handle) } }
            while let top = stack.last {
                guard let entry = readdir(top.handle) else {
                    closedir(top.handle)
                    stack.removeLast()
                    continue
                }
                guard let found = line(of: entry, in: top.handle, folder: top.folder, into: &all) else { return nil }
                guard let child = found else { continue }
                guard child.depth <= DirectoryWalker.maximumDepth else { return nil }
                guard deep else {
                    all.folders.append(child)
                    continue
                }
                let descriptor = openat(dirfd(top.handle), child.parts.last ?? "", O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                guard descriptor >= 0 else {
                    if errno == EMFILE || errno == ENFILE { return nil }
                    continue
                }
                guard let handle = fdopendir(descriptor) else { close(descriptor); return nil }
                stack.append((handle, child))
            }
            return all
        }

        /// Adds the line of `entry` of `folder` (open as `handle`) to `listing`: nil when the entry
        /// cannot be written down or read, else the folder it is (to walk next) or nil for anything
        /// else and for an entry left out.
        private func line(of entry: UnsafeMutablePointer<dirent>, in handle: OpaquePointer, folder: Folder,
                          into listing: inout Listing) -> Folder?? {
            let top = folder.parts.isEmpty
            guard let name = withUnsafeBytes(of: entry.pointee.d_name, DirectoryWalker.name(in:)) else {
                let hidden = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
                return skipHidden && top && hidden ? .some(nil) : nil
            }
            if name == "." || name == ".." || (skipHidden && top && name.hasPrefix(".")) { return .some(nil) }
            guard !name.utf8.contains(0x0A) else { return nil }
            let path = top ? name : folder.path + "/" + name
            var info = stat()
            guard fstatat(dirfd(handle), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            let group = top ? (isFolder ? name : "") : folder.group
            if let only, !only.contains(group) { return .some(nil) }
            guard !isFolder else {
                listing.lines.append((path, group, FileIdentity.folder))
                return .some(Folder(parts: folder.parts + [name], group: group))
            }
            let identity = FileIdentity(info)
            if racyCheck && max(identity.modified, identity.changed) > racyAfter { listing.racy.insert(group) }
            if identity.links > 1 { listing.shared.insert(group) }
            listing.lines.append((path, group, identity))
            return .some(nil)
        }

        /// What opening a folder gave.
        enum Opened {
            /// The folder, open for reading.
            case folder(OpaquePointer)
            /// It cannot be opened (gone, not a folder any more, a link now, no permission).
            case unreadable
            /// The process is out of file descriptors.
            case exhausted
        }

        /// `folder`, opened from the root one name at a time, never through a link.
        private func open(_ folder: Folder) -> Opened {
            // A new open of the root, not a duplicate: a folder's listing keeps its place in the
            // open file, which a duplicate would share with every other listing of the root.
            var descriptor = openat(root, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            for part in folder.parts where descriptor >= 0 {
                let child = openat(descriptor, part, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                let failure = errno
                close(descriptor)
                descriptor = child
                if child < 0 { errno = failure }
            }
            guard descriptor >= 0 else { return errno == EMFILE || errno == ENFILE ? .exhausted : .unreadable }
            guard let handle = fdopendir(descriptor) else { close(descriptor); return .unreadable }
            return .folder(handle)
        }
    }
}
