import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of the site a build replaces, taken over into the staging folder by a hard link instead
/// of being written again: no new inode, no copy. Creating thousands of inodes and freeing as many
/// at the swap is most of what the kernel does in a build (ext4 skips recently freed inodes one by
/// one when it allocates); a link costs a directory entry.
///
/// The old site is untrusted: a file is taken over only when it is a regular file, reached
/// without symbolic links (each folder opened with `O_NOFOLLOW`, the file looked up in it), with
/// exactly one link, of the expected size and, when the bytes to be written are known, exactly
/// those bytes. After the link the new entry must be that very file (same device and inode, a
/// regular file with exactly two links: the old site's and staging's); anything else is unlinked
/// again and the file is not taken over. The link lasts until the old site is removed, or, when
/// it is kept as the next build's spare (see `SpareSite`), until that build prunes it; a file is
/// never shared with the cache or anything else.
enum OldSiteFile {
    /// Links `relative` of the site at `site` into `staging` when its bytes are `bytes`.
    static func take(_ relative: String, from site: String, into staging: String, bytes: [UInt8]) -> Bool {
        Linker(site: site, staging: staging).take(relative, size: bytes.count, expected: bytes) != nil
    }

    /// Links `relative` of the site at `site` into `staging` when it is `size` bytes long; with
    /// `reading`, returns its bytes (read from the file linked), else an empty array; nil when it
    /// was not taken over.
    static func take(_ relative: String, from site: String, into staging: String, size: Int, reading: Bool) -> [UInt8]? {
        Linker(site: site, staging: staging).take(relative, size: size, reading: reading)
    }

    /// Takes files over from one old site into one staging folder, with every folder of either
    /// opened once (no path is looked up from the root twice). Not shared between threads: each
    /// thread takes its own.
    final class Linker {
        /// The old site (canonical).
        let site: String
        /// The staging folder.
        let staging: String
        private var oldFolders: [Substring: Int32] = [:]
        private var newFolders: [Substring: Int32] = [:]

        /// A linker from `site` into `staging` (which must exist; its folders are made as needed).
        init(site: String, staging: String) {
            self.site = site
            self.staging = staging
        }

        deinit {
            for descriptor in oldFolders.values where descriptor >= 0 { close(descriptor) }
            for descriptor in newFolders.values where descriptor >= 0 { close(descriptor) }
        }

        /// Links `relative` into staging when it is `size` bytes long (and, with `expected`, holds
        /// exactly those bytes); with `reading`, returns its bytes, else an empty array; nil when it
        /// was not taken over.
        func take(_ relative: String, size: Int, expected: [UInt8]? = nil, reading: Bool = false) -> [UInt8]? {
            #if os(Linux)
            let slash = relative.lastIndex(of: "/")
            let folder = slash.map { relative[..<$0] } ?? ""
            let name = String(slash.map { relative[relative.index(after: $0)...] } ?? relative[...])
            guard Self.isPlainPart(Substring(name)), let old = folderDescriptor(folder, inOld: true),
                  let new = folderDescriptor(folder, inOld: false) else { return nil }
            var info = stat()
            var bytes: [UInt8] = []
            if expected != nil || reading {
                // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused after fstat).
                let descriptor = openat(old, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
                guard descriptor >= 0 else { return nil }
                defer { close(descriptor) }
                guard fstat(descriptor, &info) == 0, Self.qualifies(info, size: size, links: 1) else { return nil }
                bytes = [UInt8](repeating: 0, count: size)
                var count = 0
                while count < size {
                    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + count, size - count, off_t(count)) }
                    if got < 0 && errno == EINTR { continue }
                    guard got > 0 else { return nil }
                    count += got
                }
                if let expected, expected != bytes { return nil }
            } else {
                guard fstatat(old, name, &info, AT_SYMLINK_NOFOLLOW) == 0, Self.qualifies(info, size: size, links: 1) else { return nil }
            }
            guard linkat(old, name, new, name, 0) == 0 else { return nil }
            var linked = stat()
            guard fstatat(new, name, &linked, AT_SYMLINK_NOFOLLOW) == 0, linked.st_dev == info.st_dev, linked.st_ino == info.st_ino,
                  Self.qualifies(linked, size: size, links: 2) else {
                unlinkat(new, name, 0)
                return nil
            }
            return reading ? bytes : []
            #else
            return nil
            #endif
        }

        /// A regular file of `size` bytes with exactly `links` links.
        private static func qualifies(_ info: stat, size: Int, links: Int) -> Bool {
            info.st_mode & S_IFMT == S_IFREG && info.st_nlink == links && Int(info.st_size) == size
        }

        /// A path component that names an entry of its folder: not empty, `.`, `..`, nor holding NUL.
        private static func isPlainPart(_ part: Substring) -> Bool {
            !part.isEmpty && part != "." && part != ".." && !part.utf8.contains(0)
        }

        /// The descriptor of `folder` (relative, "" for the root) in the old site, opened without
        /// following links, or in staging, made when missing; nil when it cannot be.
        private func folderDescriptor(_ folder: Substring, inOld: Bool) -> Int32? {
            if let known = inOld ? oldFolders[folder] : newFolders[folder] { return known >= 0 ? known : nil }
            var descriptor: Int32 = -1
            if folder.isEmpty {
                descriptor = open(inOld ? site : staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            } else {
                let slash = folder.lastIndex(of: "/")
                let parentPath = slash.map { folder[..<$0] } ?? ""
                let part = slash.map { folder[folder.index(after: $0)...] } ?? folder
                if Self.isPlainPart(part), let parent = folderDescriptor(parentPath, inOld: inOld) {
                    let name = String(part)
                    let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW
                    descriptor = openat(parent, name, flags)
                    // Made only when missing: `mkdir` of an existing folder still locks its parent.
                    if descriptor < 0 && errno == ENOENT && !inOld && (mkdirat(parent, name, 0o755) == 0 || errno == EEXIST) {
                        descriptor = openat(parent, name, flags)
                    }
                }
            }
            if inOld { oldFolders[folder] = descriptor } else { newFolders[folder] = descriptor }
            return descriptor >= 0 ? descriptor : nil
        }
    }
}
