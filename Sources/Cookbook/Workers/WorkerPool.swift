import Foundation
import Payloads
import NotificationSimulator

/// A few worker processes (`pushbook worker`) that build recipe artifacts in parallel and in
/// isolation: a recipe whose code traps kills only its worker, which is replaced, and the recipe is
/// reported as failed while the others go on.
final class WorkerPool: Sendable {
    /// One job: a recipe, and what the worker does with it.
    struct Request: Codable, Sendable {
        /// The recipes folder.
        var root: String
        /// How it is named in messages.
        var displayRoot: String
        /// The recipe's id.
        var id: String
        /// What the worker does with the recipe.
        var mode: Mode
        /// The recipe's `recipe.md`, as messages name it.
        var recipeFile: String { "\(displayRoot)/\(id)/recipe.md" }
        /// The cache key of a build request.
        var key: String? {
            if case .build(let key, _, _, _, _) = mode { return key }
            return nil
        }

        /// What a worker does with a recipe.
        enum Mode: Codable, Sendable {
            /// Verifies the examples, renders the page with its neighbours' links, and writes it
            /// into `staging` (linking files of `oldSite` that hold the same bytes); `key` is the
            /// cache key the artifact is made for.
            case build(key: String, staging: String, oldSite: String?, previous: RecipeLink?, next: RecipeLink?)
            /// Only verifies.
            case check
            /// Verifies after rewriting the expected files.
            case update

            /// True for `update`.
            var isUpdate: Bool {
                if case .update = self { return true }
                return false
            }
        }
    }

    private let executable: URL
    private let count: Int
    private let verbose: Bool
    private let idle: IdleWorkers?
    private let state = Locked(State())

    /// What the pool's threads share, behind its lock.
    private struct State {
        /// The requests not yet taken, the next one last.
        var queue: [Request] = []
        /// The artifacts built so far, by recipe id.
        var results: [String: RecipeArtifact] = [:]
        /// Called after each recipe with (recipes done, id).
        var progress: (@Sendable (Int, String) -> Void)?
    }

    /// Creates a pool of `count` workers running `executable worker`; `verbose` passes on all a
    /// crashed worker wrote (its backtrace) instead of the one line that says why. With `idle`,
    /// its workers are taken from there first and left there when done, still running, for the
    /// next pool (a watch's next rebuild), instead of being stopped.
    init(executable: URL, count: Int, verbose: Bool = false, idle: IdleWorkers? = nil) {
        self.executable = executable
        self.count = max(1, count)
        self.verbose = verbose
        self.idle = idle
    }

    /// Builds every request, `count` at a time; returns the artifacts by recipe id. `progress` is
    /// called after each recipe with (recipes done, id), one call at a time and in order of `done`.
    func run(_ requests: [Request], progress: (@Sendable (Int, String) -> Void)? = nil) -> [String: RecipeArtifact] {
        state.withLock { $0 = State(queue: requests.reversed(), results: [:], progress: progress) }
        let group = DispatchGroup()
        for index in 0..<min(count, requests.count) {
            group.enter()
            let thread = Thread { [self] in
                drive()
                group.leave()
            }
            thread.name = "pushbook.worker-\(index)"
            thread.start()
        }
        group.wait()
        return state.withLock { $0.results }
    }

    private func next() -> Request? {
        state.withLock { $0.queue.popLast() }
    }

    /// Keeps `artifact` and reports it. The report is made under the lock: called outside it, two
    /// threads could report at once, and a late "7 of 8" could follow, and so overwrite, "8 of 8".
    private func finish(_ artifact: RecipeArtifact) {
        state.withLock { state in
            state.results[artifact.id] = artifact
            state.progress?(state.results.count, artifact.id)
        }
    }

    /// Feeds requests to one worker process at a time, replacing it when it dies.
    private func drive() {
        var worker: Worker?
        while let request = next() {
            // A worker kept from the last build that dies on its first request died idle (it was
            // killed meanwhile), not of this recipe: the request goes to a new one.
            var kept = false
            if worker == nil, let taken = idle?.take(verbose: verbose) { worker = taken; kept = true }
            if worker == nil { worker = makeWorker() }
            guard var current = worker else {
                finish(unavailable(request))
                continue
            }
            var artifact = current.build(request)
            if artifact == nil && kept {
                _ = current.stop()
                worker = makeWorker()
                guard let fresh = worker else {
                    finish(unavailable(request))
                    continue
                }
                current = fresh
                artifact = current.build(request)
            }
            if let artifact {
                finish(artifact)
            } else {
                let (status, output) = current.stop()
                worker = nil
                var message = "the recipe's code crashed its worker process (\(status)"
                if let reason = Self.reason(in: output) { message += ": \(reason)" }
                message += "); the other recipes were built"
                let detail = verbose && !output.isEmpty ? "the worker's output:\n" + output : nil
                finish(Self.failure(request, Diagnostic(file: request.recipeFile, breaking: .workerCrashed, message, detail: detail)))
            }
        }
        guard let worker else { return }
        if let idle { idle.keep(worker) } else { _ = worker.stop() }
    }

    /// The artifact of `request` when no worker process could be started for it.
    private func unavailable(_ request: Request) -> RecipeArtifact {
        Self.failure(request, Diagnostic(file: request.recipeFile, breaking: .workerUnavailable, "cannot start a worker process (\(executable.path) worker)"))
    }

    /// A new worker: started on the idle set's own thread when there is one (a worker ends with
    /// the thread that started it, and a kept one must outlive this pool's threads), else here.
    private func makeWorker() -> Worker? {
        if let idle { return idle.start { [executable, verbose] in try? Worker(executable: executable, verbose: verbose) } }
        return try? Worker(executable: executable, verbose: verbose)
    }

    /// The line of a crashed worker's output that says why: Swift's `Fatal error: …`, else the
    /// last line it wrote; nil when it wrote nothing.
    static func reason(in output: String) -> String? {
        let lines = output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let line = lines.first { $0.contains("Fatal error") } ?? lines.last
        return line.map { $0.count > 300 ? String($0.prefix(300)) + "…" : $0 }
    }

    private static func failure(_ request: Request, _ diagnostic: Diagnostic) -> RecipeArtifact {
        .failure(id: request.id, key: request.key, diagnostic: diagnostic)
    }

    /// One `pushbook worker` process, spoken to in frames of `ArtifactJSON`. What it writes on standard error
    /// during a request is kept (the last 256 KiB), to say why it crashed. A watch keeps it
    /// between builds (`IdleWorkers`).
    final class Worker: @unchecked Sendable {
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let errors = Pipe()
        private let channel: FrameChannel
        private let written = Locked(Data())
        private let drained = DispatchSemaphore(value: 0)

        /// The process's id.
        var processIdentifier: Int32 { process.processIdentifier }
        /// True while the process runs.
        var isRunning: Bool { process.isRunning }
        /// The `verbose` it was started with.
        let verbose: Bool

        init(executable: URL, verbose: Bool) throws {
            self.verbose = verbose
            process.executableURL = executable
            process.arguments = ["worker"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            // The worker ends with this process (`WorkerTether`). Without --verbose, only Swift's
            // one-line reason is wanted: skip the (slow) backtracer.
            var environment = WorkerTether.environment(ProcessInfo.processInfo.environment)
            if !verbose { environment["SWIFT_BACKTRACE"] = "enable=no" }
            process.environment = environment
            channel = FrameChannel(input: output.fileHandleForReading.fileDescriptor, output: input.fileHandleForWriting.fileDescriptor)
            // This process's ends of the pipes are not passed on by `exec` (a watch starting a new
            // binary, a later worker): only the worker's own ends become its standard streams.
            for end in [input.fileHandleForWriting, output.fileHandleForReading, errors.fileHandleForReading] {
                _ = fcntl(end.fileDescriptor, F_SETFD, FD_CLOEXEC)
            }
            try Interruption.start(process)
            let reader = errors.fileHandleForReading
            Thread.detachNewThread { [self] in
                while true {
                    let data = reader.availableData
                    if data.isEmpty { break }
                    written.withLock { written in
                        written.append(data)
                        if written.count > 1 << 18 { written = written.suffix(1 << 17) }
                    }
                }
                drained.signal()
            }
        }

        /// Sends a request and reads the artifact; nil when the worker died.
        func build(_ request: Request) -> RecipeArtifact? {
            written.withLock { $0 = Data() }
            guard channel.writeFrame(ArtifactJSON.encode(request)), let reply = channel.readFrame() else { return nil }
            return ArtifactJSON.decode(RecipeArtifact.self, from: reply)
        }

        /// Ends the worker; says how it ended and what it wrote on standard error.
        func stop() -> (status: String, output: String) {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            Interruption.drop(process)
            _ = drained.wait(timeout: .now() + 5)
            let text = String(decoding: written.current, as: UTF8.self)
            switch process.terminationReason {
            case .uncaughtSignal: return ("signal \(process.terminationStatus)", text)
            default: return ("exit \(process.terminationStatus)", text)
            }
        }
    }
}
