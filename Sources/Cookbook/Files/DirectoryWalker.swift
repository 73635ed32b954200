import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists what is under a folder with `opendir`/`readdir`, without Foundation's URL resource values
/// (which cost a URL and a `stat` per file: thousands of files are read on every build).
/// Symbolic links are reported as links, never followed. The walk is iterative and goes at most
/// `maximumDepth` folders down, so an untrusted tree of any depth neither overflows the stack nor
/// uses up file descriptors.
enum DirectoryWalker {
    /// What a directory entry is, as `lstat` sees it.
    enum Kind: Sendable, Equatable {
        /// A regular file.
        case file
        /// A folder (its contents are listed too).
        case directory
        /// A symbolic link (not followed).
        case symlink
        /// A FIFO, socket or device.
        case other
    }

    /// One entry: its path relative to the root, its kind, and whether its name is valid UTF-8
    /// (a name that is not is listed with replacement characters and cannot be opened by that path).
    struct Entry: Sendable, Equatable {
        /// The path relative to the root, `/`-separated.
        var path: String
        /// What it is.
        var kind: Kind
        /// False when a component of the path is not valid UTF-8.
        var validName: Bool
    }

    /// How many folders deep a walk goes below its root; a folder at that depth is listed, not
    /// entered. No recipe or site comes near it.
    static let maximumDepth = 64

    /// A walk's result: every entry, sorted by path, and the first folder (relative path) that
    /// was too deep to enter, if any.
    struct Listing: Sendable {
        /// The entries.
        var entries: [Entry]
        /// A folder at `maximumDepth` that holds more, or nil.
        var tooDeep: String?
        /// A folder under the root that could not be opened, and why (`strerror`), or nil.
        var unreadable: (path: String, reason: String)?
    }

    /// The regular files under `root`, as paths relative to it, sorted.
    static func files(under root: String) -> [String] {
        entries(under: root).compactMap { $0.kind == .file && $0.validName ? $0.path : nil }
    }

    /// Every entry under `root` (folders too), sorted by path; empty when `root` cannot be read.
    static func entries(under root: String) -> [Entry] {
        listing(under: root).entries
    }

    /// Every entry under `root`, and whether the tree goes deeper than `maximumDepth`.
    static func listing(under root: String) -> Listing {
        var result: [Entry] = []
        var tooDeep: String?
        var unreadable: (path: String, reason: String)?
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, let rootHandle = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return Listing(entries: [], tooDeep: nil)
        }
        // The open folders from the root down to the one being read: each below is opened in its
        // parent (`openat`, without following a link), so no path is looked up from the root again.
        var stack: [(handle: OpaquePointer, prefix: String, valid: Bool)] = [(rootHandle, "", true)]
        defer { for frame in stack { closedir(frame.handle) } }
        while let top = stack.last {
            guard let entry = readdir(top.handle) else {
                closedir(top.handle)
                stack.removeLast()
                continue
            }
            let (name, valid) = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (String, Bool) in
                if let text = Self.name(in: raw) { return (text, true) }
                return (String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self), false)
            }
            if name == "." || name == ".." { continue }
            let relative = top.prefix.isEmpty ? name : top.prefix + "/" + name
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_REG): kind = .file
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = lstatKind(in: dirfd(top.handle), name)
            default: kind = .other
            }
            result.append(Entry(path: relative, kind: kind, validName: top.valid && valid))
            guard kind == .directory && valid else { continue }
            guard stack.count <= maximumDepth else {
                if tooDeep == nil { tooDeep = relative }
                continue
            }
            let child = openat(dirfd(top.handle), name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard child >= 0 else {
                if unreadable == nil { unreadable = (relative, String(cString: strerror(errno))) }
                continue
            }
            guard let handle = fdopendir(child) else { close(child); continue }
            stack.append((handle, relative, top.valid && valid))
        }
        return Listing(entries: result.sorted { $0.path < $1.path }, tooDeep: tooDeep, unreadable: unreadable)
    }

    /// The name in `raw` (a `d_name`: bytes up to the first 0), or nil when it is not valid UTF-8.
    static func name(in raw: UnsafeRawBufferPointer) -> String? {
        guard let base = raw.baseAddress else { return "" }
        let count = strnlen(base.assumingMemoryBound(to: CChar.self), raw.count)
        return String(validating: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count), as: UTF8.self)
    }

    /// The kind of entry `name` of the folder open at `folder`, by `fstatat` without following a link.
    private static func lstatKind(in folder: Int32, _ name: String) -> Kind {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .other }
        return kind(of: info)
    }

    /// The kind of `path` by `lstat` (for file systems whose `readdir` does not say).
    static func lstatKind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        return kind(of: info)
    }

    private static func kind(of info: stat) -> Kind {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK: return .symlink
        default: return .other
        }
    }
}
