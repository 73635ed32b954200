import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a pipe whose reader may be gone (a crashed worker, a child that exits early) without
/// dying of SIGPIPE, whatever the process's disposition: SIGPIPE is blocked on this thread for the
/// write, and the one the write raised, if any, is taken back before the mask is restored, so the
/// write just fails (EPIPE).
enum PipeWrite {
    /// Writes all of `bytes` to `descriptor`; false when the reader is gone or the write fails.
    static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t(), pending = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                if written < 0 && errno == EPIPE && !wasPending {
                    var none = timespec()
                    while sigtimedwait(&pipeSignal, nil, &none) < 0 && errno == EINTR {}
                }
                return false
            }
            offset += written
        }
        return true
    }
}
