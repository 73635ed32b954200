import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a build does on SIGINT, SIGTERM or SIGHUP: stop its workers, remove its staging folder,
/// and end with the signal (the lock goes with the process). The site folder is never touched
/// here: the swap runs under the same mutex, so a signal lands wholly before or wholly after it.
///
/// The signals are blocked in the process and taken by one thread of its own with `sigwait`,
/// whatever mask and dispositions the parent left: a process started from a thread that blocks
/// them (any libdispatch or Swift concurrency thread does) keeps a signal that arrived before
/// `install` pending, and it is handled as soon as the thread runs. (A dispatch signal source with
/// `SIG_IGN` drops such a signal when the disposition is set, and one that arrives before the
/// source is registered on the dispatch manager thread, which under load is a while.)
enum Interruption {
    private static let mutex = NSRecursiveLock()
    nonisolated(unsafe) private static var folders: [(path: String, announced: Bool)] = []
    nonisolated(unsafe) private static var workers: [ObjectIdentifier: Process] = [:]
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var message: String?
    nonisolated(unsafe) private static var interrupted = false

    /// The signals a build handles.
    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The set of `numbers`.
    static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// Starts handling the signals (once per process). `message` is printed on standard error when
    /// a signal arrives while the site folder is as it was (for example that the old site was kept).
    static func install(message: String? = nil) {
        mutex.lock(); defer { mutex.unlock() }
        self.message = message
        guard !installed else { return }
        installed = true
        // Blocked here, and so in every thread started from here on (dispatch threads block them
        // anyway), and set to their default action, which an inherited SIG_IGN would replace by
        // dropping them: from now on they wait, pending, for the thread below.
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        for number in numbers { signal(number, SIG_DFL) }
        let thread = Thread {
            var set = signalSet()
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            handle(number)
        }
        thread.name = "pushbook.signals"
        thread.start()
    }

    /// Removes `folder` if a signal arrives before `forget`. `announced`: the site folder is still
    /// as it was while `folder` is registered, so the handler prints the message; false for the
    /// old site set aside after the swap (the site folder then holds the new site).
    static func remove(onSignal folder: String, announced: Bool = true) {
        mutex.lock(); defer { mutex.unlock() }
        folders.append((folder, announced))
    }

    /// No longer removes `folder` on a signal.
    static func forget(_ folder: String) {
        mutex.lock(); defer { mutex.unlock() }
        folders.removeAll { $0.path == folder }
    }

    /// Starts `process` (a worker) and kills it if a signal arrives before it is dropped again.
    /// Starting and tracking are one step under the handler's mutex, so no worker a signal missed is
    /// left running; after a signal, nothing more is started.
    static func start(_ process: Process) throws {
        mutex.lock(); defer { mutex.unlock() }
        guard !interrupted else { throw CocoaError(.userCancelled) }
        try process.run()
        workers[ObjectIdentifier(process)] = process
    }

    /// Stops tracking `process`.
    static func drop(_ process: Process) {
        mutex.lock(); defer { mutex.unlock() }
        workers[ObjectIdentifier(process)] = nil
    }

    /// Runs `body` with signals held off: the handler waits for it to finish.
    static func uninterrupted<T>(_ body: () throws -> T) rethrows -> T {
        mutex.lock(); defer { mutex.unlock() }
        return try body()
    }

    private static func handle(_ number: Int32) {
        mutex.lock()
        interrupted = true
        // Workers first, so none writes into a folder being removed.
        for process in workers.values where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let deadline = Date().addingTimeInterval(5)
        while workers.values.contains(where: \.isRunning) && Date() < deadline { usleep(2_000) }
        for folder in folders.map(\.path) {
            // Renamed first: a write still on its way to the old path finds no folder there.
            let trash = (folder as NSString).deletingLastPathComponent + "/" + ((folder as NSString).lastPathComponent
                .replacingOccurrences(of: ".staging-", with: ".trash-").replacingOccurrences(of: ".old-", with: ".trash-"))
            let target = trash != folder && rename(folder, trash) == 0 ? trash : folder
            SiteFolder.removeOwned(target)
        }
        if folders.contains(where: \.announced), let message { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        // End by the signal: unblocked in this thread only, with its default action, it ends the process.
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
    }
}
