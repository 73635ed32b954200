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
enum FileWriter {
    /// Writes `text` to `url`, creating or truncating the file; throws a `CocoaError` on failure.
    static func save(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: url.path]) }
            offset += written
        }
    }
}
