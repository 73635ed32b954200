import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists what is under a folder with `opendir`/`readdir`, without Foundation's URL resource values
/// (which cost a URL and a `stat` per file: thousands of files are read on every build).
/// Symbolic links are reported as links, never followed.
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

    /// The regular files under `root`, as paths relative to it, sorted.
    static func files(under root: String) -> [String] {
        entries(under: root).compactMap { $0.kind == .file && $0.validName ? $0.path : nil }
    }

    /// Every entry under `root` (folders too), sorted by path; empty when `root` cannot be read.
    static func entries(under root: String) -> [Entry] {
        var result: [Entry] = []
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        walk(descriptor, prefix: "", validPrefix: true, into: &result)
        return result.sorted { $0.path < $1.path }
    }

    /// Lists the folder open at `descriptor` (which it closes); each folder below is opened in its
    /// parent (`openat`, without following a link), so no path is looked up from the root again.
    private static func walk(_ descriptor: Int32, prefix: String, validPrefix: Bool, into result: inout [Entry]) {
        guard let handle = fdopendir(descriptor) else { close(descriptor); return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let (name, valid) = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (String, Bool) in
                if let text = ValidUTF8.string(terminatedIn: raw) { return (text, true) }
                return (String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self), false)
            }
            if name == "." || name == ".." { continue }
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_REG): kind = .file
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = lstatKind(in: dirfd(handle), name)
            default: kind = .other
            }
            result.append(Entry(path: relative, kind: kind, validName: validPrefix && valid))
            if kind == .directory && valid {
                let child = openat(dirfd(handle), name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                if child >= 0 { walk(child, prefix: relative, validPrefix: validPrefix && valid, into: &result) }
            }
        }
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
