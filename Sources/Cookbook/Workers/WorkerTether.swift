import Foundation
import NotificationSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ties each `pushbook worker` to the build that started it, so that no worker outlives its build.
///
/// A build stopped by SIGINT or SIGTERM kills its workers itself (`Interruption`), but a build
/// killed with SIGKILL cannot: its workers would go on with their recipes and write pages into the
/// dead build's staging folder while the next build removes that folder as a leftover, which then
/// stays. So the build puts its process id in each worker's environment, and a worker, before
/// anything else, asks the kernel to kill it when its parent ends (`PR_SET_PDEATHSIG` on Linux,
/// a process-exit source elsewhere) and then checks that its parent is still that build (which may
/// have ended before the request was made); if not, it exits at once. The parent that counts is
/// the thread that started the worker: the pool's threads start their workers and wait for them
/// to exit (`WorkerPool`), so that thread always outlives its worker.
public enum WorkerTether {
    /// The environment variable that holds the build's process id.
    static let variable = "PUSHBOOK_BUILD_PROCESS"

    /// The environment for a worker started by this process: `base` and this process's id.
    static func environment(_ base: [String: String]) -> [String: String] {
        base.merging([variable: String(getpid())]) { $1 }
    }

    #if !os(Linux)
    /// The source that ends this worker when its parent exits, kept for the life of the process.
    private static let parentExit = Locked<DispatchSourceProcess?>(nil)
    #endif

    /// Makes this process (a worker) end when its parent ends, and ends it now when the parent
    /// named in the environment is already gone. Without that variable (a worker started by hand),
    /// it still ends with whatever its parent is. Call it first, before any thread is started.
    public static func bind() {
        let expected = ProcessInfo.processInfo.environment[variable].flatMap { pid_t($0) }
        #if os(Linux)
        let deathSignal: Int32 = 1 // PR_SET_PDEATHSIG
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            // prctl is variadic in C, which Swift does not import; its four extra arguments are integers.
            let prctl = unsafeBitCast(symbol, to: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32).self)
            _ = prctl(deathSignal, UInt(SIGKILL), 0, 0, 0)
        }
        #else
        let source = DispatchSource.makeProcessSource(identifier: getppid(), eventMask: .exit, queue: .global())
        source.setEventHandler { _exit(1) }
        source.resume()
        parentExit.withLock { $0 = source }
        #endif
        if let expected, getppid() != expected { _exit(1) }
        // The build blocks the signals it handles (`Interruption`), and a started process inherits
        // that mask; a worker takes them as any process does.
        var set = Interruption.signalSet()
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
