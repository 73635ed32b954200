import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for changes under a folder (the recipes), for `build --watch`: with inotify on Linux (a
/// watch on every folder, added as folders appear), elsewhere by comparing the folder's metadata
/// fingerprint every 200 ms. Top-level names starting with `.` are left out, as the build leaves
/// them out (a cache or a repository's `.git` there changes often and shapes no page).
///
/// When the folder itself is moved away or deleted (`rm -rf R && git checkout R`), every watch is
/// dropped, so nothing from the old folder is ever reported as a change of the new one; the
/// watcher waits for the path to be a folder again, watches it anew and reports it changed. A
/// folder that cannot be watched (the system's limit of watches, say) is said in `takeWarnings`.
public final class FolderWatcher {
    private let root: String
    private var descriptor: Int32 = -1
    private var folders: [Int32: String] = [:]
    private var fingerprint: FileFingerprint?
    /// True once the root was moved or deleted, until it is watched again.
    private var rootLost = false
    private var warnings: [String] = []
    /// The groups with an event since `takeTouched` last returned; "." when the watcher cannot
    /// tell which (the root replaced, the event queue overflowed, a folder left unwatched).
    private var touched: Set<String> = ["."]

    /// How long the folder must stay quiet after a change before `next` returns, so that an
    /// editor's save (a temporary file, a rename, a change of mode) is one change.
    public static let quietMilliseconds: Int32 = 30

    /// Starts watching `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL.path
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor >= 0 { watchTree("") }
        fingerprint = FileFingerprint.of(self.root, skipHidden: true, racyCheck: false)
        #else
        fingerprint = FileFingerprint.of(self.root, skipHidden: true, racyCheck: false)
        #endif
        if descriptor < 0 { unwatched = true }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// What could not be watched since the last call (each a sentence naming the folder), once.
    public func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    /// The recipe folders (first path components; "" for the files at the top) in which anything
    /// happened since the last call, events that changed no metadata included; nil when the watcher
    /// cannot tell (before the first call, after the root was replaced or the event queue overflowed,
    /// and for good once a folder could not be watched, or without inotify).
    public func takeTouched() -> Set<String>? {
        defer { if !unwatched { touched = [] } }
        return touched.contains(".") || unwatched ? nil : touched
    }

    /// True once a folder could not be watched: its changes are seen only by a whole walk.
    private var unwatched = false

    /// Blocks until something under the folder changes (or `timeout` seconds pass: then it returns
    /// an empty list), then until the folder is quiet; returns the paths that changed, relative to
    /// the folder, sorted (a folder's path when its contents changed and the names are unknown).
    /// Events that leave every file's metadata as it was when `next` last returned (a file closed
    /// after its last write, an editor's temporary file come and gone) are not a change.
    public func next(timeout: Double) -> [String] {
        #if os(Linux)
        if descriptor >= 0 {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if rootLost {
                    guard rewatchRoot(until: deadline) else { return [] }
                    // The new folder may still be filling (a copy, a checkout): wait until it is quiet.
                    var changed: Set<String> = ["."]
                    while !rootLost && wait(milliseconds: Self.quietMilliseconds) { drain(into: &changed) }
                    if rootLost { continue }
                    _ = changesMetadata(changed)
                    return changed.sorted()
                }
                var changed = Set<String>()
                let left = deadline.timeIntervalSinceNow
                guard left > 0, wait(milliseconds: Int32(left * 1000)) else { return [] }
                repeat { drain(into: &changed) } while !rootLost && wait(milliseconds: Self.quietMilliseconds)
                if rootLost { continue }
                if changed.isEmpty || !changesMetadata(changed) { continue }
                return changed.sorted()
            }
        }
        #endif
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            usleep(200_000)
            let now = FileFingerprint.of(root, skipHidden: true, racyCheck: false)
            if now != fingerprint {
                fingerprint = now
                return ["."]
            }
        }
        return []
    }

    /// True when the metadata of the recipes folder differs from when `next` last returned, and records it.
    /// Only the groups (recipe folders) of the paths that changed are walked again: a path without
    /// a `/` is a recipe folder or a top-level file, so both its own group and "" are.
    private func changesMetadata(_ changed: Set<String>) -> Bool {
        guard let before = fingerprint, !changed.contains(".") else {
            let now = FileFingerprint.of(root, skipHidden: true, racyCheck: false)
            defer { fingerprint = now }
            return now == nil || now?.groups != fingerprint?.groups
        }
        var groups: Set<String> = []
        for path in changed {
            if let slash = path.firstIndex(of: "/") { groups.insert(String(path[..<slash])) } else { groups.formUnion([path, ""]) }
        }
        guard let now = FileFingerprint.of(root, skipHidden: true, racyCheck: false, only: groups) else {
            fingerprint = nil
            return true
        }
        var after = before
        var differs = false
        for group in groups where now.groups[group] != before.groups[group] {
            after.groups[group] = now.groups[group]
            differs = true
        }
        fingerprint = after
        return differs
    }

    /// The content digest of every `.swift` file under `root` (path relative to it), so that a
    /// watch can tell recipe code that changed from code written again with the same bytes.
    public static func codeDigests(under root: URL) -> [String: String] {
        var digests: [String: String] = [:]
        for path in DirectoryWalker.files(under: root.path) where path.hasSuffix(".swift") && !path.hasPrefix(".") {
            guard let bytes = try? ContainedFile.read(path, under: root.path, limit: 16 << 20) else { digests[path] = "unreadable"; continue }
            var hash = ContentHash()
            hash.update(bytes)
            digests[path] = hash.hex
        }
        return digests
    }

    #if os(Linux)
    /// True when an event is ready within `milliseconds`.
    private func wait(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Drops every watch (a fresh inotify instance: nothing queued from the old folder is read)
    /// and, once the root is a folder again (waiting until `deadline`), watches it anew; false
    /// when it is not back yet.
    private func rewatchRoot(until deadline: Date) -> Bool {
        if !folders.isEmpty || descriptor < 0 {
            if descriptor >= 0 { close(descriptor) }
            folders = [:]
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        }
        while DirectoryWalker.lstatKind(root) != .directory {
            guard Date() < deadline else { return false }
            usleep(100_000)
        }
        rootLost = false
        watchTree("")
        return true
    }

    /// Watches `relative` (a folder under the root, "" for the root) and every folder below it;
    /// a folder that cannot be watched is kept as a warning.
    private func watchTree(_ relative: String) {
        let path = relative.isEmpty ? root : root + "/" + relative
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
        func add(_ relative: String) -> Bool {
            let full = relative.isEmpty ? root : root + "/" + relative
            let watch = inotify_add_watch(descriptor, full, mask | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW))
            guard watch >= 0 else {
                if errno != ENOENT && errno != ENOTDIR {
                    unwatched = true
                    warnings.append("cannot watch '\(full)' (\(String(cString: strerror(errno)))): changes in it are not seen until the watch restarts"
                                    + (errno == ENOSPC ? "; the system's limit of watches (fs.inotify.max_user_watches) is reached" : ""))
                }
                return false
            }
            folders[watch] = relative
            return true
        }
        guard add(relative) else { return }
        for entry in DirectoryWalker.entries(under: path) where entry.kind == .directory && entry.validName {
            let full = relative.isEmpty ? entry.path : relative + "/" + entry.path
            if full.hasPrefix(".") { continue }  // a hidden top-level folder (its first component)
            _ = add(full)
        }
    }

    /// Stops watching `relative` and every folder below it (moved out of the tree or deleted).
    private func unwatchTree(_ relative: String) {
        for (watch, folder) in folders where folder == relative || folder.hasPrefix(relative + "/") {
            inotify_rm_watch(descriptor, watch)
            folders[watch] = nil
        }
    }

    /// Reads every pending event, adding the changed paths (and watching new folders).
    private func drain(into changed: inout Set<String>) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self), raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let name = String(decoding: buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { changed.insert("."); touched.insert("."); continue }
                guard let folder = folders[watch] else { continue }
                if folder.isEmpty && mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                    // The root itself went: whatever else is queued belongs to the old folder.
                    rootLost = true
                    touched.insert(".")
                    return
                }
                if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil; continue }
                let path = name.isEmpty ? (folder.isEmpty ? "." : folder) : (folder.isEmpty ? name : folder + "/" + name)
                if folder.isEmpty && name.hasPrefix(".") { continue }
                changed.insert(path)
                if folder.isEmpty { touched.formUnion([name, ""]) } else { touched.insert(String(decoding: folder.utf8.prefix { $0 != UInt8(ascii: "/") }, as: UTF8.self)) }
                if mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 { unwatchTree(path) }
                if mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { watchTree(path) }
            }
        }
    }
    #endif
}
