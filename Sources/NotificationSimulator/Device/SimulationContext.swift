import Foundation
import Payloads
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The simulated world of one run: clock, scheduler, network, notification center, donations.
///
/// Apple-shaped APIs (`URLSession` through the fixture protocol, `INInteraction.donate`,
/// `UNUserNotificationCenter.current()`) find the running world here. One run at a time per process.
final class SimulationContext: Sendable {
    /// The virtual clock.
    let clock = VirtualClock()
    /// The event queue.
    let scheduler = VirtualScheduler()
    /// The fixture network.
    let network: FixtureNetwork
    /// The device's notification center (a sequence's own, carried from push to push).
    let center: UNUserNotificationCenter
    /// The virtual milliseconds that passed before this run, in a sequence (`DeviceSession`).
    let dateOffset: Int

    /// What happened during the run, for the record: shared with the threads app code runs on.
    private struct Log {
        var donations: [Donation] = []
        var attachmentErrors: [(error: UNError, file: String)] = []
        var localAttachmentFailures: [String] = []
        var unimplementedDelegateCalls = 0
        var extensionDiagnostics: [Diagnostic] = []
    }
    private let log = Locked(Log())
    /// Firebase's extension helper of this run: one per extension process, as FirebaseMessaging's singleton.
    let firebaseExtensionHelper = FIRMessagingExtensionHelper()
    /// The extension's (or app's) bundle resources, by file name: what `INImage(named:)` finds.
    let bundle: [String: Data]
    /// The App Group containers of the device (a sequence's own, carried from push to push).
    let appGroups: AppGroupContainers
    /// The App Groups the app's entitlements list: the only ones whose container it gets.
    let appGroupIdentifiers: Set<String>
    /// The defaults databases of the device (a sequence's own, carried from push to push).
    let defaults: DefaultsDatabases
    /// The process whose code `ExtensionHost` started last.
    private let lastProcess = Locked(AppProcess.app)
    /// The app's Localizable.strings, for `NSString.localizedUserNotificationString(forKey:arguments:)`.
    let strings: LocalizableStrings?

    /// One donation and what became of it.
    struct Donation {
        /// The interaction donated.
        let interaction: INInteraction
        /// Why iOS could not persist it, or nil.
        let failure: DonationFailure?
        /// True once the app deleted it.
        var deleted = false
        /// True when it failed.
        var failed: Bool { failure != nil }
    }

    /// The fixed date virtual time zero stands for: 2026-01-01T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)

    init(network: FixtureNetwork, bundle: [String: Data] = [:], center: UNUserNotificationCenter = UNUserNotificationCenter(), dateOffset: Int = 0,
         appGroups: AppGroupContainers = AppGroupContainers(), appGroupIdentifiers: Set<String> = [], strings: LocalizableStrings? = nil,
         defaults: DefaultsDatabases = DefaultsDatabases()) {
        self.network = network
        self.bundle = bundle
        self.center = center
        self.dateOffset = dateOffset
        self.appGroups = appGroups
        self.appGroupIdentifiers = appGroupIdentifiers
        self.defaults = defaults
        self.strings = strings
    }

    /// Records a donation.
    func recordDonation(_ interaction: INInteraction, failure: DonationFailure?) {
        log.withLock { $0.donations.append(Donation(interaction: interaction, failure: failure)) }
        scheduler.noteActivity()
    }

    /// Marks the donations `matching` as deleted.
    func deleteDonations(matching: (INInteraction) -> Bool) {
        log.withLock { log in
            for index in log.donations.indices where matching(log.donations[index].interaction) { log.donations[index].deleted = true }
        }
    }

    /// The bundle image `name`: the file of that name, else with a `.png`, `.jpg`, `.jpeg` or `.gif`
    /// extension (how an asset's name maps to a file is a modelling choice, rule `ios.inimage-named-bundle`).
    func bundleImage(named name: String) -> Data? {
        for candidate in [name, name + ".png", name + ".jpg", name + ".jpeg", name + ".gif"] {
            if let data = bundle[candidate], !data.isEmpty { return data }
        }
        return nil
    }

    /// Records the file of a local request's attachment that could not be moved into the store.
    func recordLocalAttachmentFailure(_ file: String) {
        log.withLock { $0.localAttachmentFailures.append(file) }
    }

    /// The files of local attachments that could not be moved, in order; clears the list.
    func takeLocalAttachmentFailures() -> [String] {
        log.withLock { log in
            defer { log.localAttachmentFailures.removeAll() }
            return log.localAttachmentFailures
        }
    }

    /// Notes that a delegate method the app did not implement was called (its default ran).
    func noteUnimplementedDelegateMethod() {
        log.withLock { $0.unimplementedDelegateCalls += 1 }
    }

    /// How many unimplemented delegate methods ran so far.
    var unimplementedDelegateMethodCalls: Int {
        log.current.unimplementedDelegateCalls
    }

    /// Records an attachment the initializer refused, for the record's diagnostics.
    func recordAttachmentError(_ error: UNError, file: String) {
        log.withLock { $0.attachmentErrors.append((error, file)) }
    }

    /// Records what SDK code the model provides (Firebase's helper) reported, for the record's diagnostics.
    func recordExtensionDiagnostic(_ diagnostic: Diagnostic) {
        log.withLock { $0.extensionDiagnostics.append(diagnostic) }
    }

    /// What SDK code reported so far, in order.
    var extensionDiagnostics: [Diagnostic] {
        log.withLock { $0.extensionDiagnostics }
    }

    /// The attachments refused so far.
    var attachmentErrors: [(error: UNError, file: String)] {
        log.current.attachmentErrors
    }

    /// The donations so far.
    var donations: [Donation] {
        log.current.donations
    }

    /// The run in progress (set by `with`).
    private static let running = Locked<SimulationContext?>(nil)
    /// Held for the whole of a run: runs are serialized process-wide.
    private static let runLock = Locked(())
    /// Where a thread of `ExtensionHost` keeps the world it was started in.
    private static let threadKey = "pushbook.simulation-context"
    private let attachmentCount = Locked(0)

    /// The world of the calling code: the one its thread was started in (an extension's or the app's
    /// thread is bound to its run, so one that outlives it keeps its own, finished world and never
    /// reaches the next run's), else the run in progress, or nil outside a simulation. Threads the
    /// app code starts itself are not bound: they see the run in progress (a modelling limit).
    static var current: SimulationContext? {
        if let bound = Thread.current.threadDictionary[threadKey] as? SimulationContext { return bound }
        return running.current
    }

    /// Binds the calling thread to `context` for the rest of its life (`ExtensionHost`'s threads),
    /// as code of `process`.
    static func bindCurrentThread(to context: SimulationContext, as process: AppProcess) {
        Thread.current.threadDictionary[threadKey] = context
        Thread.current.threadDictionary[processKey] = process
        context.lastProcess.withLock { $0 = process }
    }

    /// Where a thread of `ExtensionHost` keeps the process it runs code of.
    private static let processKey = "pushbook.process"

    /// The process of the calling code: its thread's, else (a completion handler on Foundation's
    /// queues) the process whose code was started last, a modelling limit: the app's and the
    /// extension's code never run at once here.
    var runningProcess: AppProcess {
        (Thread.current.threadDictionary[Self.processKey] as? AppProcess) ?? lastProcess.current
    }

    /// The next identifier for an attachment made with an empty one: `attachment-1`, `attachment-2`, …
    /// counted per run.
    func nextAttachmentIdentifier() -> String {
        "attachment-\(attachmentCount.withLock { count -> Int in count += 1; return count })"
    }

    /// Runs `body` while no simulation runs in this process (it waits for one in progress).
    static func betweenRuns<T>(_ body: () throws -> T) rethrows -> T {
        try runLock.withLock { _ in try body() }
    }

    /// Runs `body` with `context` as the current world; runs are serialized process-wide.
    static func with<T>(_ context: SimulationContext, _ body: () throws -> T) rethrows -> T {
        try runLock.withLock { _ in
            running.withLock { $0 = context }
            FixtureURLProtocol.install()
            defer { running.withLock { $0 = nil } }
            return try body()
        }
    }
}
