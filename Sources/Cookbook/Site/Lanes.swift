import Foundation
import NotificationSimulator

/// Runs independent jobs on the machine's two cores: each of two lanes takes the next job not yet
/// taken, in the order given, until none is left. A job keeps what it makes in a place of its own,
/// so what the caller reads afterwards never depends on which lane ran which job.
enum Lanes {
    /// Runs `jobs` on two lanes (the calling thread is one) and returns once every job has.
    static func run(_ jobs: [@Sendable () -> Void]) {
        let taken = Locked(0)
        DispatchQueue.concurrentPerform(iterations: min(2, jobs.count)) { _ in
            while true {
                let index = taken.withLock { next -> Int in
                    defer { next += 1 }
                    return next
                }
                guard index < jobs.count else { return }
                jobs[index]()
            }
        }
    }
}
