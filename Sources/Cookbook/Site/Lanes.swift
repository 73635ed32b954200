import Foundation
import NotificationSimulator

/// Runs independent jobs on the machine's two cores: each of two lanes takes the next job not yet
/// taken, in the order given, until none is left. A job keeps what it makes in a place of its own,
/// so what the caller reads afterwards never depends on which lane ran which job.
enum Lanes {
    /// Runs `jobs` on two lanes (the calling thread is one) and returns once every job has.
    static func run(_ jobs: [@Sendable () -> Void]) {
        share(jobs.count) { next in
            while let batch = next() { for index in batch { jobs[index]() } }
        }
    }

    /// Shares the indices `0..<count` out over two lanes (the calling thread is one), in batches of
    /// `batch`: each lane calls `next` for the next batch not yet taken, until it returns nil. A lane
    /// that starts late or is slowed by other work takes fewer, so neither waits long for the
    /// other's half; the batches a lane gets come in increasing order. `lane` runs once per lane.
    static func share(_ count: Int, batch: Int = 1, _ lane: @Sendable (_ next: () -> Range<Int>?) -> Void) {
        guard count > 0 else { return }
        let taken = Locked(0)
        let size = max(1, batch)
        DispatchQueue.concurrentPerform(iterations: min(2, count)) { _ in
            lane {
                let start = taken.withLock { next -> Int in
                    defer { next += size }
                    return next
                }
                return start < count ? start..<min(start + size, count) : nil
            }
        }
    }
}
