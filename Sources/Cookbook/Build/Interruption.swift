import Foundation
import NotificationSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a build does on SIGINT, SIGTERM or SIGHUP: stop its workers, remove its staging folder,
/// and end with the signal (the build's lock goes with the process). The site folder is never touched
/// here: the swap runs under the same lock, so a signal lands wholly before or wholly after it.
///
/// The signals are blocked in the process and taken by one thread of its own with `sigwait`,
/// whatever mask and dispositions the parent left: a process started from a thread that blocks
/// them (any libdispatch or Swift concurrency thread does) keeps a signal that arrived before
/// `install` pending, and it is handled as soon as the thread runs. (A dispatch signal source with
/// `SIG_IGN` drops such a signal when the disposition is set, and one that arrives before the
/// source is registered on the dispatch manager thread, which under load is a while.)
enum Interruption {
    /// What a signal acts on, and the handler's own flags, behind one lock. `uninterrupted` hands
    /// it to its body, so that a step and its registration are one.
    struct Registry {
        /// The folders removed on a signal; `announced`: the site folder is still as it was.
        fileprivate var folders: [(path: String, announced: Bool)] = []
        /// The workers killed on a signal.
        fileprivate var workers: [ObjectIdentifier: Process] = [:]
        /// True once the signal thread runs.
        fileprivate var installed = false
        /// Printed when a signal arrives while an announced folder is registered.
        fileprivate var message: String?
        /// True once a signal arrived: nothing more is started.
        fileprivate var interrupted = false

        /// Removes `folder` if a signal arrives before `forget`. `announced`: the site folder is still
        /// as it was while `folder` is registered, so the handler prints the message; false for the
        /// old site set aside after the swap (the site folder then holds the new site).
        mutating func remove(onSignal folder: String, announced: Bool = true) {
            folders.append((folder, announced))
        }

        /// No longer removes `folder` on a signal.
        mutating func forget(_ folder: String) {
            folders.removeAll { $0.path == folder }
        }
    }

    private static let registry = Locked(Registry())

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
        registry.withLock { registry in
            registry.message = message
            guard !registry.installed else { return }
            registry.installed = true
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
    }

    /// No longer removes `folder` on a signal.
    static func forget(_ folder: String) {
        registry.withLock { $0.forget(folder) }
    }

    /// Starts `process` (a worker) and kills it if a signal arrives before it is dropped again.
    /// Starting and tracking are one step under the handler's lock, so no worker a signal missed is
    /// left running; after a signal, nothing more is started.
    static func start(_ process: Process) throws {
        try registry.withLock { registry in
            guard !registry.interrupted else { throw CocoaError(.userCancelled) }
            try process.run()
            registry.workers[ObjectIdentifier(process)] = process
        }
    }

    /// Stops tracking `process`.
    static func drop(_ process: Process) {
        registry.withLock { $0.workers[ObjectIdentifier(process)] = nil }
    }

    /// Runs `body` with signals held off (the handler waits for it to finish), handing it the
    /// registry, so that what it makes is registered for removal in the same step.
    static func uninterrupted<T>(_ body: (inout Registry) throws -> T) rethrows -> T {
        try registry.withLock(body)
    }

    /// Stops the workers, removes the registered folders and ends the process by the signal, holding
    /// the lock to the end, so that no step of the build runs between two of these.
    private static func handle(_ number: Int32) {
        registry.withLock { registry in
            registry.interrupted = true
            // Workers first, so none writes into a folder being removed.
            for process in registry.workers.values where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            let deadline = Date().addingTimeInterval(5)
            while registry.workers.values.contains(where: \.isRunning) && Date() < deadline { usleep(2_000) }
            for folder in registry.folders.map(\.path) {
                // Renamed first: a write still on its way to the old path finds no folder there.
                let trash = (folder as NSString).deletingLastPathComponent + "/" + ((folder as NSString).lastPathComponent
                    .replacingOccurrences(of: ".staging-", with: ".trash-").replacingOccurrences(of: ".old-", with: ".trash-"))
                let target = trash != folder && rename(folder, trash) == 0 ? trash : folder
                SiteFolder.removeOwned(target)
            }
            if registry.folders.contains(where: \.announced), let message = registry.message {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
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
}
