import Foundation
import NotificationSimulator

/// Worker processes left running between two builds of one process (a watch's rebuilds), so that
/// a rebuild does not wait for a process to start: each worker serves one request after another
/// anyway, as it does within a build. A worker that crashed is never kept; the rest are stopped
/// by `stopAll`, or go with this process (`WorkerTether`, and the signal handler kills them).
final class IdleWorkers: Sendable {
    private let workers = Locked<[WorkerPool.Worker]>([])
    /// What the starting thread is asked to run, whether that thread runs yet, and whether it is to end.
    private let jobs = Locked<(waiting: [@Sendable () -> Void], started: Bool, ended: Bool)>(([], false, false))
    private let wake = DispatchSemaphore(value: 0)

    /// An empty set.
    init() {}

    /// Stops the workers kept and ends the starting thread.
    deinit {
        stopAll()
        jobs.withLock { $0.ended = true }
        wake.signal()
    }

    /// Runs `make` (which starts a worker process) on a thread of this set's own that lives as long
    /// as the process: `PR_SET_PDEATHSIG` ends a worker when the thread that started it ends
    /// (`WorkerTether`), and a pool's threads end with each build.
    func start(_ make: @escaping @Sendable () -> WorkerPool.Worker?) -> WorkerPool.Worker? {
        let made = Locked<WorkerPool.Worker?>(nil)
        let done = DispatchSemaphore(value: 0)
        let first = jobs.withLock { jobs in
            jobs.waiting.append { made.withLock { $0 = make() }; done.signal() }
            defer { jobs.started = true }
            return !jobs.started
        }
        if first {
            // The thread holds the queue, not the set, so that the set's end ends it.
            let thread = Thread { [jobs, wake] in
                while !jobs.withLock({ $0.ended }) {
                    wake.wait()
                    while let job = jobs.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) { job() }
                }
            }
            thread.name = "pushbook.worker-starter"
            thread.start()
        }
        wake.signal()
        done.wait()
        return made.withLock { $0 }
    }

    /// The ids of the processes kept that still run.
    var processIdentifiers: [Int32] { workers.withLock { $0.filter(\.isRunning).map(\.processIdentifier) } }

    /// A kept worker started with the same `verbose`, removed from the set; nil when there is none.
    /// Workers that ended meanwhile are dropped.
    func take(verbose: Bool) -> WorkerPool.Worker? {
        let (taken, ended) = workers.withLock { workers in
            let ended = workers.filter { !$0.isRunning }
            workers.removeAll { !$0.isRunning }
            return (workers.firstIndex { $0.verbose == verbose }.map { workers.remove(at: $0) }, ended)
        }
        for worker in ended { _ = worker.stop() }
        return taken
    }

    /// Keeps `worker` for the next pool.
    func keep(_ worker: WorkerPool.Worker) {
        workers.withLock { $0.append(worker) }
    }

    /// Stops every worker kept.
    func stopAll() {
        for worker in workers.withLock({ workers in defer { workers = [] }; return workers }) { _ = worker.stop() }
    }
}
