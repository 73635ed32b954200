import Foundation

/// Events waiting for their virtual time: download completions, donation callbacks, triggers.
///
/// Events run one at a time on the thread that drives the simulation, in order of time and then
/// of scheduling, so a run is deterministic however the host machine schedules threads.
public final class VirtualScheduler: Sendable {
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

    private let state = Locked(State())

    /// What the scheduler holds, behind its lock.
    private struct State {
        /// The events not yet run, in the order they were scheduled.
        var events: [Event] = []
        /// How many events were scheduled, to order ties.
        var sequence = 0
        /// Counts everything that happened, so the driver can tell when the world has settled.
        var activity = 0

        /// The index of the earliest event, by time and then by scheduling order.
        var earliest: Int? {
            events.indices.min { (events[$0].time, events[$0].sequence) < (events[$1].time, events[$1].sequence) }
        }
    }

    /// Creates an empty scheduler.
    public init() {}

    /// Schedules `action` at virtual time `time`.
    func schedule(at time: Int, label: String, _ action: @escaping () -> Void) {
        state.withLock { state in
            state.sequence += 1
            state.activity += 1
            state.events.append(Event(time: time, sequence: state.sequence, label: label, action: action))
        }
    }

    /// Notes that something happened (a request started, a handler was called).
    func noteActivity() {
        state.withLock { $0.activity += 1 }
    }

    /// The activity count, read under the lock.
    var activityCount: Int { state.withLock { $0.activity } }

    /// The time of the earliest event, or nil.
    var nextTime: Int? {
        state.withLock { state in state.earliest.map { state.events[$0].time } }
    }

    /// Removes and returns the earliest event, or nil.
    func popEarliest() -> Event? {
        state.withLock { state in state.earliest.map { state.events.remove(at: $0) } }
    }

    /// Drops every event (the end of a run).
    func cancelAll() -> [Event] {
        state.withLock { state in
            defer { state.events.removeAll() }
            return state.events
        }
    }
}
