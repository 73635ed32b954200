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
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !relative.hasPrefix("/"), !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
            throw .badPath(relative)
        }
        let folder = try self.folder(parts.count - 1, of: parts, relative: relative)
        // O_NONBLOCK: opening a FIFO must not wait for a writer. Every caller refuses what `fstat`
        // says is not a regular file, and the flag has no effect on a regular file's reads, so it stays.
        let file = openat(folder, parts[parts.count - 1], O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else { throw failure(errno, parts: parts, index: parts.count - 1) }
        return file
    }

    /// The open folder made of the first `count` parts, opened (with the ones above it) if need be.
    private func folder(_ count: Int, of parts: [String], relative: String) throws(ContainedFile.Failure) -> Int32 {
        let key = parts[..<count].joined(separator: "/")
        if let descriptor = opened[key] { return descriptor }
        let descriptor: Int32
        if count == 0 {
            descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw errno == ENOENT ? .missing(relative) : .unreadable(relative, String(cString: strerror(errno))) }
        } else {
            let parent = try folder(count - 1, of: parts, relative: relative)
            descriptor = openat(parent, parts[count - 1], O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_DIRECTORY)
            guard descriptor >= 0 else { throw failure(errno, parts: parts, index: count - 1) }
        }
        opened[key] = descriptor
        return descriptor
    }

    /// Why opening part `index` of `parts` failed with `error`.
    private func failure(_ error: Int32, parts: [String], index: Int) -> ContainedFile.Failure {
        let shown = parts[...index].joined(separator: "/")
        switch error {
        case ELOOP: return .symlink(shown)
        case ENOENT: return .missing(shown)
        case ENOTDIR:
            if index == parts.count - 1 { return .missing(shown) }
            return DirectoryWalker.lstatKind(root + "/" + shown) == .symlink ? .symlink(shown) : .notRegular(shown)
        default: return .unreadable(shown, String(cString: strerror(error)))
        }
    }
}
