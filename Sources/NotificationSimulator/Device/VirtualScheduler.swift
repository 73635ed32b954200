import Foundation

/// Events waiting for their virtual time: download completions, donation callbacks, triggers.
///
/// Events run one at a time on the thread that drives the simulation, in order of time and then
/// of scheduling, so a run is deterministic however the host machine schedules threads.
public final class VirtualScheduler: @unchecked Sendable {
    /// One scheduled event.
    struct Event {
        /// When it runs, in virtual milliseconds.
        let time: Int
        /// The order it was scheduled in, to break ties.
        let sequence: Int
        /// What it is, for diagnostics.
        let label: String
        /// What it does.
        let action: () -> Void
    }

    private let lock = NSLock()
    private var events: [Event] = []
    private var sequence = 0
    /// Counts everything that happened, so the driver can tell when the world has settled.
    private(set) var activity = 0

    /// Creates an empty scheduler.
    public init() {}

    /// Schedules `action` at virtual time `time`.
    func schedule(at time: Int, label: String, _ action: @escaping () -> Void) {
        lock.lock(); defer { lock.unlock() }
        sequence += 1
        activity += 1
        events.append(Event(time: time, sequence: sequence, label: label, action: action))
    }

    /// Notes that something happened (a request started, a handler was called).
    func noteActivity() {
        lock.lock(); defer { lock.unlock() }
        activity += 1
    }

    /// The activity count, read under the lock.
    var activityCount: Int {
        lock.lock(); defer { lock.unlock() }
        return activity
    }

    /// The time of the earliest event, or nil.
    var nextTime: Int? {
        lock.lock(); defer { lock.unlock() }
        return events.min { ($0.time, $0.sequence) < ($1.time, $1.sequence) }?.time
    }

    /// Removes and returns the earliest event, or nil.
    func popEarliest() -> Event? {
        lock.lock(); defer { lock.unlock() }
        guard let index = events.indices.min(by: { (events[$0].time, events[$0].sequence) < (events[$1].time, events[$1].sequence) }) else {
            return nil
        }
        return events.remove(at: index)
    }

    /// Drops every event (the end of a run).
    func cancelAll() -> [Event] {
        lock.lock(); defer { lock.unlock() }
        let dropped = events
        events.removeAll()
        return dropped
    }
}
