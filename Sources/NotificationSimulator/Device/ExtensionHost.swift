import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs app or extension code in the simulated world until it settles, on the virtual clock.
///
/// The driver runs one event at a time (a download completing, a donation calling back), then
/// waits until the code it woke has finished: the session's work queue has run what was queued on
/// it (cancels, starts), `URLSession` completion handlers have run (a marker queued behind them on the
/// delegate queue has run), and every request resumed since has reached the fixture protocol. Code that blocks is given `blockedAfter` of real time, then the
/// world goes on without it, so an extension that hangs cannot hang the simulator.
final class ExtensionHost: Sendable {
    /// The world.
    let context: SimulationContext
    /// Real time after which code that has not returned counts as blocked.
    let blockedAfter: TimeInterval
    /// Real time the simulator's own waits (Foundation's queues) may take before it gives up on them:
    /// long, so that a loaded machine never changes an outcome.
    let infrastructureLimit: TimeInterval = 30

    init(context: SimulationContext, blockedAfter: TimeInterval = 2.0) {
        self.context = context
        self.blockedAfter = blockedAfter
    }

    /// Runs `body`, code of `process`, on a thread of its own; returns false when it was still
    /// running after `blockedAfter`.
    @discardableResult
    func call(_ label: String, in process: AppProcess = .app, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let context = self.context
        let thread = Thread {
            // Bound for life: if this code is still running when its run ends, it keeps this world.
            SimulationContext.bindCurrentThread(to: context, as: process)
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
            // Code that never touched URLSession has nothing queued there: skip the round trips.
            if context.network.hasBeenUsed {
                flushSessionQueue()
                drainDelegateQueue()
                waitForResumedTasks()
            }
            if context.scheduler.activityCount == before { return }
        }
    }

    /// Runs one event on this thread, then settles.
    func run(_ event: VirtualScheduler.Event) {
        context.clock.advance(to: event.time)
        event.action()
        settle()
    }

    /// Waits for the work the session has queued so far (a `cancel()` reaching the protocol, a
    /// `resume()` starting it). Reading a task's `priority` runs synchronously on the session's serial
    /// work queue, so it returns only after that queue's earlier work. (`getAllTasks` would do the
    /// same, but it races with the queue in swift-corelibs-foundation and can trap.)
    private func flushSessionQueue() {
        if let task = context.network.anyTask { _ = task.priority }
    }

    private func drainDelegateQueue() {
        let marker = DispatchSemaphore(value: 0)
        URLSession.shared.delegateQueue.addOperation { marker.signal() }
        _ = marker.wait(timeout: .now() + infrastructureLimit)
    }

    /// Waits until every request that `resume()` accepted has reached the fixture protocol, which
    /// schedules its response. Foundation starts requests on a queue of its own, so this is a short
    /// wait in practice; it is bounded only against pathological code.
    private func waitForResumedTasks() {
        guard context.network.requestsAwaitingStart > 0 else { return }
        context.network.waitForStarts(until: Date().addingTimeInterval(infrastructureLimit))
    }
}
