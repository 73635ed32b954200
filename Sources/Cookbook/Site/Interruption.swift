import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a build does on SIGINT, SIGTERM or SIGHUP: stop its workers, remove its staging folder,
/// and end with the signal (the lock goes with the process). The site folder is never touched
/// here: the swap runs under the same mutex, so a signal lands wholly before or wholly after it.
enum Interruption {
    private static let mutex = NSRecursiveLock()
    nonisolated(unsafe) private static var folders: [String] = []
    nonisolated(unsafe) private static var workers: [ObjectIdentifier: Process] = [:]
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var message: String?
    nonisolated(unsafe) private static var interrupted = false

    /// Starts handling the signals (once per process). `message` is printed on standard error when
    /// a signal arrives during a build (for example that the old site was kept).
    static func install(message: String? = nil) {
        mutex.lock(); defer { mutex.unlock() }
        self.message = message
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handle(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Removes `folder` if a signal arrives before `forget`.
    static func remove(onSignal folder: String) {
        mutex.lock(); defer { mutex.unlock() }
        folders.append(folder)
    }

    /// No longer removes `folder` on a signal.
    static func forget(_ folder: String) {
        mutex.lock(); defer { mutex.unlock() }
        folders.removeAll { $0 == folder }
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
        for folder in folders {
            // Renamed first: a write still on its way to the old path finds no folder there.
            let trash = (folder as NSString).deletingLastPathComponent + "/" + ((folder as NSString).lastPathComponent
                .replacingOccurrences(of: ".staging-", with: ".trash-").replacingOccurrences(of: ".old-", with: ".trash-"))
            let target = trash != folder && rename(folder, trash) == 0 ? trash : folder
            SiteFolder.removeOwned(target)
        }
        if !folders.isEmpty, let message { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        signal(number, SIG_DFL)
        kill(getpid(), number)
        _exit(128 + number)
    }
}
