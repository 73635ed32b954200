import Foundation

/// A value behind a lock: how the simulator and the build share mutable state between threads.
/// `NSLock`, because the standard library's `Mutex` needs macOS 15 and the package supports macOS 13.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` on the value, holding the lock.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value now.
    package var current: Value { withLock { $0 } }
}
