import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a child process's standard input, surviving a child that exits before reading it all.
///
/// A write to a pipe whose reader is gone raises SIGPIPE, which ends the test host (it does not
/// ignore SIGPIPE, as the `pushbook` command does), and `FileHandle.write(_:)` traps on the error
/// that follows. So SIGPIPE is blocked on this thread for the write, the one the write raised is
/// taken back, and what the child did not read is dropped: the test judges the child by its output.
enum ChildInput {
    /// Writes `bytes` to `handle` and closes it.
    static func write(_ bytes: Data, to handle: FileHandle) {
        var pipeSignal = sigset_t(), previous = sigset_t(), pending = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        var offset = 0, gone = false
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(handle.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    gone = written < 0 && errno == EPIPE
                    break
                }
                offset += written
            }
        }
        if gone && !wasPending {
            var none = timespec()
            while sigtimedwait(&pipeSignal, nil, &none) < 0 && errno == EINTR {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        try? handle.close()
    }
}
