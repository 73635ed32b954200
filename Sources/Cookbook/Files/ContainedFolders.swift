import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders below one root that a run of reads has opened, each reached as `ContainedFile`
/// reaches a file: with `openat` and `O_NOFOLLOW` from the folder above, so no symbolic link below
/// the root is ever followed (the root itself may be one). The folders stay open until this value
/// goes, so the files of one folder cost one `openat` each instead of one per part of their path;
/// a folder replaced after it was opened is not followed either: its files are read from the one opened.
final class ContainedFolders {
    private let root: String
    /// The open folders by relative path; "" is the root.
    private var opened: [String: Int32] = [:]

    /// No folder is opened until a file below `root` is.
    init(root: String) {
        self.root = root
    }

    deinit {
        for descriptor in opened.values { close(descriptor) }
    }

    /// Opens `relative` (a `/`-separated path) for reading, refusing links at every step, with
    /// `O_NONBLOCK` (the caller must refuse anything but a regular file); the caller closes it.
    func openFile(_ relative: String) throws(ContainedFile.Failure) -> Int32 {
        guard Self.isPlainRelative(relative) else { throw .badPath(relative) }
        let (folderPath, name) = Self.split(relative)
        let folder = try self.folder(folderPath, relative: relative)
        // O_NONBLOCK: opening a FIFO must not wait for a writer. Every caller refuses what `fstat`
        // says is not a regular file, and the flag has no effect on a regular file's reads, so it stays.
        let file = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else { throw failure(errno, shown: relative, isLast: true) }
        return file
    }

    /// True when `path` is relative, with no empty, `.` or `..` part and no NUL byte (checked as
    /// bytes: `/`, `.` and NUL are ASCII).
    private static func isPlainRelative(_ path: String) -> Bool {
        var partLength = 0, dots = 0
        for byte in path.utf8 {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                guard partLength > 0, dots != partLength || partLength > 2 else { return false }
                partLength = 0
                dots = 0
            default:
                partLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return partLength > 0 && (dots != partLength || partLength > 2)
    }

    /// `path` cut at its last `/`: the folder ("" for the root) and the name.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }

    /// The open folder at `path` ("" is the root), opened (with the ones above it) if need be.
    private func folder(_ path: String, relative: String) throws(ContainedFile.Failure) -> Int32 {
        if let descriptor = opened[path] { return descriptor }
        let descriptor: Int32
        if path.isEmpty {
            descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw errno == ENOENT ? .missing(relative) : .unreadable(relative, String(cString: strerror(errno))) }
        } else {
            let (above, name) = Self.split(path)
            let parent = try folder(above, relative: relative)
            descriptor = openat(parent, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_DIRECTORY)
            guard descriptor >= 0 else { throw failure(errno, shown: path, isLast: false) }
        }
        opened[path] = descriptor
        return descriptor
    }

    /// Why opening `shown` (the path up to the part that failed; `isLast` when it is the file) failed with `error`.
    private func failure(_ error: Int32, shown: String, isLast: Bool) -> ContainedFile.Failure {
        switch error {
        case ELOOP: return .symlink(shown)
        case ENOENT: return .missing(shown)
        case ENOTDIR:
            if isLast { return .missing(shown) }
            return DirectoryWalker.lstatKind(root + "/" + shown) == .symlink ? .symlink(shown) : .notRegular(shown)
        default: return .unreadable(shown, String(cString: strerror(error)))
        }
    }
}
