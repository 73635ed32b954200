import Foundation

/// A task executor with a thread of its own, for running an app's async code (an async delegate
/// method) without the cooperative thread pool: the driver blocks while it waits, and on a machine
/// with two cores that pool may have no free thread for the task it waits for.
final class AppCodeExecutor: TaskExecutor, Sendable {
    private let jobs = BlockingQueue<UnownedJob>()

    init() {
        let thread = Thread { [self] in
            while let job = jobs.pop() { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
        thread.name = "pushbook.async-app-code"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues a job of a task that prefers this executor.
    func enqueue(_ job: consuming ExecutorJob) {
        jobs.push(UnownedJob(job))
    }

    /// Ends the thread once the queued jobs have run.
    func stop() {
        jobs.close()
    }

    /// Runs `body` as a task on a fresh executor and waits up to `limit` seconds of real time for it;
    /// false when it did not finish in time (the app's code is then left to run on its own).
    static func run(limit: TimeInterval, _ body: @escaping @Sendable () async -> Void) -> Bool {
        let executor = AppCodeExecutor()
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            await body()
            done.signal()
        }
        let finished = done.wait(timeout: .now() + limit) == .success
        executor.stop()
        return finished
    }
}
