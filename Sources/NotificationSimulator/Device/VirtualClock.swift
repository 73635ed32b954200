import Foundation

/// The simulated device's clock: milliseconds since the run started, moved only by the scheduler.
public final class VirtualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var milliseconds = 0

    /// Creates a clock at zero.
    public init() {}

    /// The current virtual time in milliseconds.
    public var now: Int {
        lock.lock(); defer { lock.unlock() }
        return milliseconds
    }

    /// Moves the clock forward to `time` (never backward).
    func advance(to time: Int) {
        lock.lock(); defer { lock.unlock() }
        milliseconds = max(milliseconds, time)
    }
}
