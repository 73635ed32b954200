import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs app or extension code in the simulated world until it settles, on the virtual clock.
///
/// The driver runs one event at a time (a download completing, a donation calling back), then
/// waits until the code it woke has finished: `URLSession` completion handlers have run (a marker
/// queued behind them on the session's delegate queue has run) and every task resumed since has
/// reached the fixture protocol. Code that blocks is given `blockedAfter` of real time, then the
/// world goes on without it, so an extension that hangs cannot hang the simulator.
final class ExtensionHost: @unchecked Sendable {
    /// The world.
    let context: SimulationContext
    /// Real time after which code that has not returned counts as blocked.
    let blockedAfter: TimeInterval

    init(context: SimulationContext, blockedAfter: TimeInterval = 1.0) {
        self.context = context
        self.blockedAfter = blockedAfter
    }

    /// Runs `body` on a thread of its own; returns false when it was still running after `blockedAfter`.
    @discardableResult
    func call(_ label: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.name = "pushbook.\(label)"
        thread.stackSize = 8 << 20
        thread.start()
        let finished = done.wait(timeout: .now() + blockedAfter) == .success
        settle()
        return finished
    }

    /// Waits until the code woken so far has finished and its new requests have reached the network.
    func settle() {
        for _ in 0..<50 {
            let before = context.scheduler.activityCount
            drainDelegateQueue()
            waitForResumedTasks()
            if context.scheduler.activityCount == before { return }
        }
    }

    /// Runs one event on this thread, then settles.
    func run(_ event: VirtualScheduler.Event) {
        context.clock.advance(to: event.time)
        event.action()
        settle()
    }

    private func drainDelegateQueue() {
        let marker = DispatchSemaphore(value: 0)
        URLSession.shared.delegateQueue.addOperation { marker.signal() }
        _ = marker.wait(timeout: .now() + blockedAfter)
    }

    private func waitForResumedTasks() {
        let deadline = Date().addingTimeInterval(blockedAfter)
        while Date() < deadline {
            let listed = DispatchSemaphore(value: 0)
            let box = TaskBox()
            URLSession.shared.getAllTasks { tasks in
                box.tasks = tasks
                listed.signal()
            }
            _ = listed.wait(timeout: .now() + blockedAfter)
            let waiting = box.tasks.filter { $0.state == .running && !context.network.hasStarted($0) }
            if waiting.isEmpty { return }
            usleep(200)
        }
    }
}

/// Carries the task list out of `getAllTasks`' callback.
private final class TaskBox: @unchecked Sendable {
    var tasks: [URLSessionTask] = []
}
