import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The simulated world of one run: clock, scheduler, network, notification center, donations.
///
/// Apple-shaped APIs (`URLSession` through the fixture protocol, `INInteraction.donate`,
/// `UNUserNotificationCenter.current()`) find the running world here. One run at a time per process.
final class SimulationContext: @unchecked Sendable {
    /// The virtual clock.
    let clock = VirtualClock()
    /// The event queue.
    let scheduler = VirtualScheduler()
    /// The fixture network.
    let network: FixtureNetwork
    /// The device's notification center.
    let center = UNUserNotificationCenter()

    private let lock = NSLock()
    private var donationLog: [(interaction: INInteraction, failed: Bool)] = []
    private var attachmentErrorLog: [(error: UNError, file: String)] = []

    /// The fixed date virtual time zero stands for: 2026-01-01T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)

    init(network: FixtureNetwork) {
        self.network = network
    }

    /// Records a donation.
    func recordDonation(_ interaction: INInteraction, failed: Bool) {
        lock.lock(); defer { lock.unlock() }
        donationLog.append((interaction, failed))
        scheduler.noteActivity()
    }

    /// Records an attachment the initializer refused, for the record's diagnostics.
    func recordAttachmentError(_ error: UNError, file: String) {
        lock.lock(); defer { lock.unlock() }
        attachmentErrorLog.append((error, file))
    }

    /// The attachments refused so far.
    var attachmentErrors: [(error: UNError, file: String)] {
        lock.lock(); defer { lock.unlock() }
        return attachmentErrorLog
    }

    /// The donations so far.
    var donations: [(interaction: INInteraction, failed: Bool)] {
        lock.lock(); defer { lock.unlock() }
        return donationLog
    }

    private static let currentLock = NSLock()
    nonisolated(unsafe) private static var currentContext: SimulationContext?
    private static let runLock = NSLock()

    /// The running world, or nil outside a simulation.
    static var current: SimulationContext? {
        currentLock.lock(); defer { currentLock.unlock() }
        return currentContext
    }

    /// Runs `body` with `context` as the current world; runs are serialized process-wide.
    static func with<T>(_ context: SimulationContext, _ body: () throws -> T) rethrows -> T {
        runLock.lock()
        currentLock.lock(); currentContext = context; currentLock.unlock()
        FixtureURLProtocol.install()
        AttachmentIdentifiers.reset()
        defer {
            currentLock.lock(); currentContext = nil; currentLock.unlock()
            runLock.unlock()
        }
        return try body()
    }
}
