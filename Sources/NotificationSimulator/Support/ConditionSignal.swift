import Foundation

/// A wake-up for a thread that waits until a condition on state kept elsewhere holds: the code
/// that changes the state calls `broadcast()` after the change, and `wait` checks the condition
/// under the signal's lock, so a change between the check and the sleep is never missed.
package final class ConditionSignal: @unchecked Sendable {
    private let condition = NSCondition()

    /// A signal nobody waits on yet.
    package init() {}

    /// Wakes every waiter, which then checks its condition again.
    package func broadcast() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once `holds()` is true or `deadline` has passed; true when it holds.
    @discardableResult
    package func wait(until deadline: Date, _ holds: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !holds() {
            if !condition.wait(until: deadline) { return holds() }
        }
        return true
    }
}
