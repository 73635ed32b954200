import Foundation
import Testing
@testable import NotificationSimulator

/// Run-scoped state lives on the simulation context, and app code's threads are bound to their run.
@Suite("Simulation context", .serialized)
struct SimulationContextTests {
    /// On 0149a3f `SimulationContext.current` was one process-wide variable, so a late extension
    /// thread saw the next run's world (its network, its center).
    @Test("an extension thread that outlives its run keeps its own world and never reaches the next run's")
    func lateThreadKeepsItsWorld() {
        let first = SimulationContext(network: FixtureNetwork(manifest: FixtureManifest()))
        let second = SimulationContext(network: FixtureNetwork(manifest: FixtureManifest()))
        let release = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let seen = Locked<SimulationContext?>(nil)
        SimulationContext.with(first) {
            let returned = ExtensionHost(context: first, blockedAfter: 0.05).call("late") {
                release.wait()
                seen.withLock { $0 = SimulationContext.current }
                finished.signal()
            }
            #expect(!returned)
        }
        SimulationContext.with(second) {
            #expect(SimulationContext.current === second)
            release.signal()
            #expect(finished.wait(timeout: .now() + 10) == .success)
        }
        #expect(seen.current === first)
    }

    @Test("attachment identifiers are counted per run: each run starts again at attachment-1")
    func attachmentIdentifiersPerRun() {
        for _ in 0..<2 {
            let context = SimulationContext(network: FixtureNetwork(manifest: FixtureManifest()))
            let names = SimulationContext.with(context) { [context.nextAttachmentIdentifier(), context.nextAttachmentIdentifier()] }
            #expect(names == ["attachment-1", "attachment-2"])
        }
    }
}
