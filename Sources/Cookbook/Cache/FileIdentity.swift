#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat` says of one file, as a `FileFingerprint` line holds it: mode, size, modification
/// and change times in nanoseconds, inode, device and link count. Two equal identities are the same
/// inode, unchanged since (the change time is set by the kernel on every write, link and `chmod`).
struct FileIdentity: Sendable, Equatable {
    /// `st_mode`: kind and permissions.
    var mode: Int64
    /// `st_size`.
    var size: Int64
    /// `st_mtim`, in nanoseconds.
    var modified: Int64
    /// `st_ctim`, in nanoseconds.
    var changed: Int64
    /// `st_ino`.
    var inode: Int64
    /// `st_dev`.
    var device: Int64
    /// `st_nlink`.
    var links: Int64

    /// What a fingerprint's line holds of a folder: its mode is -1 and the rest 0 (folders count by path and kind only).
    static let folder = FileIdentity(mode: -1, size: 0, modified: 0, changed: 0, inode: 0, device: 0, links: 0)

    /// The seven numbers in their order, as a fingerprint digests them.
    var fields: (Int64, Int64, Int64, Int64, Int64, Int64, Int64) { (mode, size, modified, changed, inode, device, links) }

    /// True for a regular file with one name that nobody but its owner may write: a file the build
    /// may link into a new site when it is also this user's (`ContainedFile.link` checks that).
    var isLinkable: Bool {
        mode & Int64(S_IFMT) == Int64(S_IFREG) && links == 1 && mode & 0o022 == 0
    }
}

extension FileIdentity {
    /// The identity `info` describes.
    init(_ info: stat) {
        self.init(mode: Int64(info.st_mode), size: Int64(info.st_size),
                  modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                  changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
                  inode: Int64(bitPattern: UInt64(info.st_ino)), device: Int64(bitPattern: UInt64(info.st_dev)), links: Int64(info.st_nlink))
    }
}
