import Foundation

/// The simulated device's clock: milliseconds since the run started, moved only by the scheduler.
public final class VirtualClock: Sendable {
    private let milliseconds = Locked(0)

    /// Creates a clock at zero.
    public init() {}

    /// The current virtual time in milliseconds.
    public var now: Int { milliseconds.current }

    /// Moves the clock forward to `time` (never backward).
    func advance(to time: Int) {
        milliseconds.withLock { $0 = max($0, time) }
    }
}
