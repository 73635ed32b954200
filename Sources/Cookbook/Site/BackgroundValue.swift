import Foundation

/// A value computed on a thread of its own from the moment it is made, so that other work (the
/// workers) runs meanwhile; `value` waits for it.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the thread before `done` is signalled, read only after waiting for it.
    private var result: Value?

    /// Starts computing `work` on a new thread.
    init(_ work: @escaping @Sendable () -> Value) {
        Thread.detachNewThread { [self] in
            result = work()
            done.signal()
        }
    }

    /// The value, once computed (waits for it the first time).
    var value: Value {
        done.wait()
        defer { done.signal() }
        return result!
    }
}
