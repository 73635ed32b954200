import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes site files with plain `open`/`write`/`close`.
///
/// `Data.write(to:)` syncs every file to disk; the site is written into a staging folder that is
/// swapped in whole afterwards, so per-file syncs only cost time (thousands of them at scale).
/// Files under a root are written with their folders made one level at a time below the root, so
/// a root that is gone (a staging folder removed on a signal) is never made again.
enum FileWriter {
    /// Writes `text` to `url`, creating or truncating the file; throws a `CocoaError` on failure.
    static func save(_ text: String, to url: URL) throws {
        try save(text, toPath: url.path)
    }

    /// Writes the UTF-8 of `text` to `path` as `save(_:to:)` writes bytes, without copying them first.
    static func save(_ text: String, toPath path: String) throws {
        var text = text
        try text.withUTF8 { try save(UnsafeRawBufferPointer($0), to: path) }
    }

    /// Puts `bytes` at `path` (relative) under `root`, making its folders: linked from `oldSite`
    /// when the file there holds exactly these bytes and is the build's own (`ContainedFile.link`),
    /// else written. A copy is a new inode, and ext4 allocates each new one more slowly while
    /// thousands were freed in the last half minute, as every rebuild frees the site it replaced;
    /// the two sites share the file only until the old one is removed.
    static func place(_ bytes: [UInt8], at path: String, under root: String, linkingFrom oldSite: String?) throws {
        var made: Set<Substring> = []
        try place(bytes, at: path, under: root, linkingFrom: oldSite.map { ContainedFolders(root: $0) }, made: &made)
    }

    /// `place(_:at:under:linkingFrom:)` for one of several files: the old site's folders stay open
    /// in `oldSite`, and `made` holds the folders of `root` made (or found) for the files before.
    /// A folder where the file goes that holds folders only (a staging folder made of the folders
    /// the last build kept may hold one) is removed first.
    static func place(_ bytes: [UInt8], at path: String, under root: String, linkingFrom oldSite: ContainedFolders?, made: inout Set<Substring>) throws {
        try makeFolders(for: path, under: root, made: &made)
        if let oldSite, ContainedFile.link(path, in: oldSite, to: root + "/" + path, ifBytesAre: bytes) { return }
        do {
            try save(bytes, to: root + "/" + path)
        } catch {
            guard removeFoldersOnly(root + "/" + path) else { throw error }
            try save(bytes, to: root + "/" + path)
        }
    }

    /// Removes the folder at `path` when it and everything below it are folders (none unreadable
    /// or too deep to walk), the innermost first; false when it is not such a folder.
    private static func removeFoldersOnly(_ path: String) -> Bool {
        guard DirectoryWalker.lstatKind(path) == .directory else { return false }
        let listing = DirectoryWalker.listing(under: path)
        guard listing.unreadable == nil, listing.tooDeep == nil, listing.entries.allSatisfy({ $0.kind == .directory && $0.validName }) else { return false }
        for entry in listing.entries.map(\.path).sorted(by: >) { rmdir(path + "/" + entry) }
        return rmdir(path) == 0
    }

    /// Makes the folders of `path` below `root` (see `makeFolders(for:under:)`) unless `made` holds
    /// its folder, made or found for a file before; then it does.
    static func makeFolders(for path: String, under root: String, made: inout Set<Substring>) throws {
        let folder = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
        guard !made.contains(folder) else { return }
        try makeFolders(for: path, under: root)
        made.insert(folder)
    }

    /// Makes the folders of `path` below `root`, one `mkdir` each (none for a folder `lstat` finds:
    /// `mkdir` of an existing folder still locks its parent, which the workers share); `root` must exist.
    static func makeFolders(for path: String, under root: String) throws {
        var folder = root
        var info = stat()
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            if lstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { continue }
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder,
                                                               NSLocalizedDescriptionKey: "cannot create '\(folder)': \(String(cString: strerror(errno)))"])
            }
        }
    }

    /// Opens `path` for writing as a new file: a regular file already there is unlinked first and
    /// never written through, so a file that shares its inode with another by a hard link leaves
    /// the other as it was. Anything else there (a symbolic link, a
    /// folder) fails as `open` with `O_NOFOLLOW` does. Returns the descriptor, or -1 with `errno`.
    static func create(_ path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor < 0, errno == EEXIST else { return descriptor }
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 {
            return open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        }
        return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
    }

    /// Writes `bytes` to `path` as a new file (see `create`; never through a symbolic link or a hard link).
    static func save(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try save($0, to: path) }
    }

    /// Writes `buffer` to `path` as `save(_:to:)` writes bytes.
    private static func save(_ buffer: UnsafeRawBufferPointer, to path: String) throws {
        let descriptor = create(path)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "cannot write '\(path)': \(String(cString: strerror(errno)))"])
        }
        defer { close(descriptor) }
        try writeAll(descriptor, buffer, path: path)
    }

    /// Writes every byte of `buffer` to `descriptor`.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "cannot write '\(path)': \(String(cString: strerror(errno)))"])
            }
            offset += written
        }
    }
}
