import Foundation

/// A first-in, first-out queue whose reader waits for the next element: how work is handed to a
/// thread of its own (`AppCodeExecutor`). Not a `Locked` value, because the reader waits on a
/// condition variable, which takes the lock and the wait together (`NSCondition`); the lock and
/// unlock pairs stay inside this type.
final class BlockingQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var closed = false

    /// An empty, open queue.
    init() {}

    /// Adds `element` at the end and wakes the reader.
    func push(_ element: Element) {
        condition.lock()
        defer { condition.unlock() }
        elements.append(element)
        condition.signal()
    }

    /// Ends the queue: the reader still gets the elements queued before, then nil.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.signal()
    }

    /// The first element, waiting until there is one; nil once the queue is closed and empty.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while elements.isEmpty && !closed { condition.wait() }
        return elements.isEmpty ? nil : elements.removeFirst()
    }
}
