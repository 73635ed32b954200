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
        guard let rootHandle = fdopendir(descriptor) else { close(descriptor); return nil }
        var lines: [(path: String, group: String, identity: FileIdentity)] = []
        var racyGroups: Set<String> = []
        // Iterative, holding the open folders from the root down (see `DirectoryWalker`).
        var stack: [(handle: OpaquePointer, prefix: String, group: String)] = [(rootHandle, "", "")]
        defer { for frame in stack { closedir(frame.handle) } }
        while let top = stack.last {
            guard let entry = readdir(top.handle) else {
                closedir(top.handle)
                stack.removeLast()
                continue
            }
            guard let name = withUnsafeBytes(of: entry.pointee.d_name, DirectoryWalker.name(in:)) else {
                let hidden = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
                if skipHidden && top.prefix.isEmpty && hidden { continue }
                return nil
            }
            if name == "." || name == ".." { continue }
            if skipHidden && top.prefix.isEmpty && name.hasPrefix(".") { continue }
            guard !name.utf8.contains(0x0A) else { return nil }
            let path = top.prefix.isEmpty ? name : top.prefix + "/" + name
            var info = stat()
            guard fstatat(dirfd(top.handle), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            let group = top.prefix.isEmpty ? (info.st_mode & S_IFMT == S_IFDIR ? name : "") : top.group
            if let only, !only.contains(group) { continue }
            guard info.st_mode & S_IFMT != S_IFDIR else {
                lines.append((path, group, FileIdentity.folder))
                guard stack.count <= DirectoryWalker.maximumDepth else { return nil }
                // A folder that cannot be opened counts by its line alone.
                let child = openat(dirfd(top.handle), name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                guard child >= 0 else { continue }
                guard let handle = fdopendir(child) else { close(child); return nil }
                stack.append((handle, path, group))
                continue
            }
            let identity = FileIdentity(info)
            if racyCheck && max(identity.modified, identity.changed) > racyAfter { racyGroups.insert(group) }
            lines.append((path, group, identity))
        }
        lines.sort { $0.path < $1.path }
        var hashes: [String: ContentHash] = [:]
        for line in lines {
            // The path, then the seven numbers as bytes (a folder's mode is -1: folders count by path and kind only).
            hashes[line.group, default: ContentHash()].update(line.path)
            withUnsafeBytes(of: line.identity.fields) { hashes[line.group, default: ContentHash()].update(raw: $0) }
        }
        var groups: [String: MetadataDigest] = [:]
        var whole = ContentHash()
        for (group, hash) in hashes.sorted(by: { $0.key < $1.key }) {
            let digest: MetadataDigest = racyGroups.contains(group) ? .racy : .stable(hash.hex)
            groups[group] = digest
            whole.update(group)
            whole.update(digest.stable ?? "racy")
        }
        var files: [String: FileIdentity] = [:]
        if keepingFiles {
            for line in lines where line.identity != .folder { files[line.path] = line.identity }
        }
        return FileFingerprint(groups: groups, whole: racyGroups.isEmpty ? .stable(whole.hex) : .racy, files: files)
    }
}
