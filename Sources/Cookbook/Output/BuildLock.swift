import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on `.NAME.pushbook-lock` beside a site folder, held from before the build
/// looks at the folder until after the swap, so two builds into one `--out` run one after the other.
///
/// The lock belongs to the open file, which is closed on exec (workers never inherit it) and by
/// the kernel when the process ends however it ends, so a killed build never leaves it taken.
/// The lock file itself stays (removing it would let a third build lock a different file).
final class BuildLock: @unchecked Sendable {
    private let descriptor: Int32
    /// The lock file's path.
    let path: String

    /// The lock file's path for a site folder (canonical path).
    static func path(for target: String) -> String {
        (target as NSString).deletingLastPathComponent + "/.\((target as NSString).lastPathComponent).pushbook-lock"
    }

    /// Takes the lock of `target`, calling `waiting` once if another build holds it, then waiting for it.
    init(for target: String, waiting: () -> Void) throws {
        path = Self.path(for: target)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot open the lock file '\(path)': \(String(cString: strerror(errno)))"])
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot lock '\(path)': \(reason)"])
            }
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot lock '\(path)': \(reason)"])
                }
            }
        }
    }

    deinit { close(descriptor) }
}
