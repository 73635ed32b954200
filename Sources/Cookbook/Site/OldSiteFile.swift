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
/// without symbolic links (opened with `ContainedFile`), with exactly one link, of the expected size
/// and, when the bytes to be written are known, exactly those bytes; the link is made to the very
/// file opened and compared (`linkat` through `/proc/self/fd`). The link lasts only until the swap
/// removes the old site, so every file of the new site has one link again, and none is shared
/// with the cache or anything else.
enum OldSiteFile {
    /// Links `relative` of the site at `site` into `staging` when its bytes are `bytes`.
    static func take(_ relative: String, from site: String, into staging: String, bytes: [UInt8]) -> Bool {
        take(relative, from: site, into: staging, size: bytes.count, expected: bytes) != nil
    }

    /// Links `relative` of the site at `site` into `staging` when it is `size` bytes long; with
    /// `reading`, returns its bytes (read from the file linked), else an empty array; nil when it
    /// was not taken over.
    static func take(_ relative: String, from site: String, into staging: String, size: Int, reading: Bool) -> [UInt8]? {
        take(relative, from: site, into: staging, size: size, expected: nil, reading: reading)
    }

    private static func take(_ relative: String, from site: String, into staging: String, size: Int, expected: [UInt8]?,
                             reading: Bool = false) -> [UInt8]? {
        #if os(Linux)
        guard let descriptor = try? ContainedFile.openContained(relative, under: site) else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1, Int(info.st_size) == size else { return nil }
        var bytes: [UInt8] = []
        if expected != nil || reading {
            bytes = [UInt8](repeating: 0, count: size)
            var count = 0
            while count < size {
                let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + count, size - count, off_t(count)) }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return nil }
                count += got
            }
            if let expected, expected != bytes { return nil }
        }
        guard (try? FileWriter.makeFolders(for: relative, under: staging)) != nil,
              linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, staging + "/" + relative, AT_SYMLINK_FOLLOW) == 0 else { return nil }
        return reading ? bytes : []
        #else
        return nil
        #endif
    }
}
