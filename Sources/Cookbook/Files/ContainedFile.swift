import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file below a root folder without following a symbolic link anywhere below the root:
/// each folder is opened with `O_NOFOLLOW` relative to the one before (`openat`), so a link
/// swapped in between a check and the read is refused too. The root itself may be a link.
enum ContainedFile {
    /// Why a file could not be read.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// A component of the path is a symbolic link.
        case symlink(String)
        /// The file is a folder, FIFO, socket or device.
        case notRegular(String)
        /// Nothing is there.
        case missing(String)
        /// The file is larger than the limit.
        case tooLarge(String, limit: Int)
        /// The path is not relative, or has an empty, `.` or `..` component.
        case badPath(String)
        /// Another error from the system.
        case unreadable(String, String)

        /// What is wrong, in words.
        var description: String {
            switch self {
            case .symlink(let path): "'\(path)' is a symbolic link"
            case .notRegular(let path): "'\(path)' is not a regular file"
            case .missing(let path): "'\(path)' does not exist"
            case .tooLarge(let path, let limit): "'\(path)' is larger than \(limit / (1 << 20)) MiB"
            case .badPath(let path): "'\(path)' is not a plain relative path"
            case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
            }
        }
    }

    /// The bytes of `relative` (a `/`-separated path) under `root`, at most `limit` of them.
    static func read(_ relative: String, under root: String, limit: Int = 1 << 30) throws(Failure) -> [UInt8] {
        try read(relative, in: ContainedFolders(root: root), limit: limit)
    }

    /// The bytes of `relative` below the root of `folders`, at most `limit` of them.
    static func read(_ relative: String, in folders: ContainedFolders, limit: Int = 1 << 30) throws(Failure) -> [UInt8] {
        let descriptor = try folders.openFile(relative)
        defer { close(descriptor) }
        return try read(descriptor, relative, limit: limit)
    }

    /// Hard-links `relative` under `root` at `destination` (a new name) when it is a file of this
    /// user's that nobody else may write, that has no other name, and whose bytes are `expected`;
    /// the very file compared is linked (its descriptor, through `/proc/self/fd`). False when any
    /// of that fails, the link included (another file system, no `/proc`): the caller writes a copy.
    static func link(_ relative: String, under root: String, to destination: String, ifBytesAre expected: [UInt8]) -> Bool {
        link(relative, in: ContainedFolders(root: root), to: destination, ifBytesAre: expected)
    }

    /// `link(_:under:to:ifBytesAre:)`, for `relative` below the root of `folders`.
    static func link(_ relative: String, in folders: ContainedFolders, to destination: String, ifBytesAre expected: [UInt8]) -> Bool {
        guard let descriptor = try? folders.openFile(relative) else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1, info.st_uid == geteuid(),
              info.st_mode & 0o022 == 0, Int(info.st_size) == expected.count,
              let bytes = try? read(descriptor, relative, limit: expected.count), bytes == expected else { return false }
        return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, destination, AT_SYMLINK_FOLLOW) == 0
    }

    /// Hard-links `relative` below the root of `folders` at `destination` (a new name) when the file
    /// there is still `identity` (the same inode, unchanged since it was seen) and linkable: a
    /// regular file of this user's with one name that nobody else may write. With `reading`, returns
    /// the bytes of the very file linked; else an empty array. Nil when any of that fails; nothing is
    /// then linked.
    static func link(_ relative: String, in folders: ContainedFolders, to destination: String, ifStill identity: FileIdentity,
                     reading: Bool) -> [UInt8]? {
        guard identity.isLinkable, let descriptor = try? folders.openFile(relative) else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileIdentity(info) == identity, info.st_uid == geteuid() else { return nil }
        var bytes: [UInt8] = []
        if reading {
            guard let read = try? read(descriptor, relative, limit: Int(identity.size)), read.count == Int(identity.size) else { return nil }
            bytes = read
        }
        guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, destination, AT_SYMLINK_FOLLOW) == 0 else { return nil }
        return bytes
    }

    /// The bytes of the regular file open at `descriptor` (`relative` names it in errors).
    private static func read(_ descriptor: Int32, _ relative: String, limit: Int) throws(Failure) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(relative, String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegular(relative) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(relative, limit: limit) }
        // Not zero-filled first: every byte up to `count` is the file's (the rest is cut off below).
        var bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { _, initialized in initialized = Int(info.st_size) }
        var count = 0
        while true {
            if count == bytes.count {
                // At the size `fstat` gave (the usual end): one byte more says whether the file grew
                // since, before the buffer is doubled and zero-filled for it.
                var extra: UInt8 = 0
                let got = systemRead(descriptor, &extra, 1)
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else { throw .unreadable(relative, String(cString: strerror(errno))) }
                if got == 0 { break }
                guard bytes.count < limit else { throw .tooLarge(relative, limit: limit) }
                bytes.append(extra)
                count += 1
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
            let got = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .unreadable(relative, String(cString: strerror(errno))) }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw .tooLarge(relative, limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// True when `relative` under `root` is a regular file reached without a symbolic link.
    static func isRegularFile(_ relative: String, under root: String) -> Bool {
        guard let descriptor = try? openContained(relative, under: root) else { return false }
        defer { close(descriptor) }
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Opens `relative` under `root` for reading, refusing links at every step
    /// (`ContainedFolders.openFile`: the caller refuses anything but a regular file).
    static func openContained(_ relative: String, under root: String) throws(Failure) -> Int32 {
        try ContainedFolders(root: root).openFile(relative)
    }
}

/// `read(2)`, named apart from `ContainedFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
