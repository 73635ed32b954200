import Foundation
import Testing
@testable import NotificationSimulator

/// A waiter wakes when the state it waits for changes, not at a poll, and gives up at its deadline.
@Suite struct ConditionSignalTests {
    @Test("a waiter returns as soon as another thread changes the state and broadcasts, long before the deadline")
    func wakesOnBroadcast() {
        let signal = ConditionSignal()
        let state = Locked(3)
        let start = Date()
        let thread = Thread {
            for _ in 0..<3 {
                usleep(2_000)
                state.withLock { $0 -= 1 }
                signal.broadcast()
            }
        }
        thread.start()
        let held = signal.wait(until: Date().addingTimeInterval(20)) { state.current == 0 }
        #expect(held)
        #expect(state.current == 0)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("a condition that never holds gives up at the deadline and says so")
    func givesUpAtDeadline() {
        let signal = ConditionSignal()
        let start = Date()
        let held = signal.wait(until: Date().addingTimeInterval(0.05)) { false }
        #expect(!held)
        #expect(Date().timeIntervalSince(start) >= 0.05)
    }
}
