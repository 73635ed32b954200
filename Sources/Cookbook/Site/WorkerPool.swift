import Foundation

/// A few worker processes (`pushbook worker`) that build recipe artifacts in parallel and in
/// isolation: a recipe whose code traps kills only its worker, which is replaced, and the recipe is
/// reported as failed while the others go on.
final class WorkerPool: @unchecked Sendable {
    /// One job: a recipe and its neighbours.
    struct Request: Codable, Sendable {
        /// The recipes folder.
        var root: String
        /// How it is named in messages.
        var displayRoot: String
        /// The recipe's id.
        var id: String
        /// The previous recipe.
        var previous: RecipeLink?
        /// The next recipe.
        var next: RecipeLink?
        /// The cache key.
        var key: String
        /// Where the page and downloads are written.
        var staging: String
        /// `build` renders the page; `check` only verifies; `update` verifies after rewriting expected files.
        var mode: String = "build"
    }

    private let executable: URL
    private let count: Int
    private let lock = NSLock()
    private var queue: [Request] = []
    private var results: [String: RecipeArtifact] = [:]
    private var progress: ((Int, String) -> Void)?

    /// Creates a pool of `count` workers running `executable worker`.
    init(executable: URL, count: Int) {
        self.executable = executable
        self.count = max(1, count)
    }

    /// Builds every request, `count` at a time; returns the artifacts by recipe id.
    func run(_ requests: [Request], progress: ((Int, String) -> Void)? = nil) -> [String: RecipeArtifact] {
        queue = requests.reversed()
        self.progress = progress
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
        return results
    }

    private func next() -> Request? {
        lock.lock(); defer { lock.unlock() }
        return queue.popLast()
    }

    private func finish(_ artifact: RecipeArtifact) {
        lock.lock()
        results[artifact.id] = artifact
        let done = results.count
        lock.unlock()
        progress?(done, artifact.id)
    }

    /// Feeds requests to one worker process at a time, replacing it when it dies.
    private func drive() {
        var worker: Worker?
        while let request = next() {
            if worker == nil { worker = try? Worker(executable: executable) }
            guard let current = worker else {
                finish(Self.failure(request, "cannot start a worker process (\(executable.path) worker)"))
                continue
            }
            if let artifact = current.build(request) {
                finish(artifact)
            } else {
                let status = current.stop()
                worker = nil
                finish(Self.failure(request, "\(request.displayRoot)/\(request.id)/recipe.md:1:1: error: the recipe's code crashed its worker process (\(status)); the other recipes were built"))
            }
        }
        _ = worker?.stop()
    }

    private static func failure(_ request: Request, _ message: String) -> RecipeArtifact {
        .failure(id: request.id, key: request.key, message: message)
    }

    /// One `pushbook worker` process, spoken to in JSON lines.
    private final class Worker {
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let channel: LineChannel

        init(executable: URL) throws {
            process.executableURL = executable
            process.arguments = ["worker"]
            process.standardInput = input
            process.standardOutput = output
            channel = LineChannel(input: output.fileHandleForReading.fileDescriptor, output: input.fileHandleForWriting.fileDescriptor)
            try process.run()
        }

        /// Sends a request and reads the artifact; nil when the worker died.
        func build(_ request: Request) -> RecipeArtifact? {
            guard let line = try? JSONEncoder().encode(request), channel.writeLine(line), let reply = channel.readLine() else { return nil }
            return try? JSONDecoder().decode(RecipeArtifact.self, from: reply)
        }

        /// Ends the worker and says how it ended.
        func stop() -> String {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            switch process.terminationReason {
            case .uncaughtSignal: return "signal \(process.terminationStatus)"
            default: return "exit \(process.terminationStatus)"
            }
        }
    }
}
