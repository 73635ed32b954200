import Foundation

/// The notification center of the simulated device (Apple's `UNUserNotificationCenter`).
///
/// Requests added here are pending until their trigger fires in virtual time; the device then
/// delivers them. At most 64 requests stay pending (the soonest-firing ones, domain-rules §7.9);
/// adding a request with an existing identifier replaces it (§7.10). A local request's attachment
/// files are moved into the system's store when it is added (§3.2.4). The simulated user has
/// allowed notifications (rule `ios.authorization-granted`, a modelling choice) unless the device's
/// settings say otherwise (`--settings`): then they are reported, and a denied app cannot schedule.
///
/// Completion handlers run later, on the simulated device's event queue (Apple: "may be executed
/// on a background thread"); outside a simulation they run at once.
@available(iOS 10.0, *)
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    private let state = Locked(State())
    /// The app icon's badge count.
    var badgeCount: Int { state.withLock { $0.badgeCount } }
    /// The delegate asked how to present notifications while the app is in the foreground.
    open weak var delegate: (any UNUserNotificationCenterDelegate)?

    /// A request waiting for its trigger.
    struct PendingRequest {
        /// The request.
        let request: UNNotificationRequest
        /// When it fires, in virtual milliseconds.
        let fireAt: Int
        /// The order in which it was added.
        let sequence: Int
    }

    /// What the center holds, behind its lock.
    private struct State {
        /// The requests waiting for their trigger, soonest first.
        var pending: [PendingRequest] = []
        /// The notifications shown and still in Notification Center.
        var delivered: [UNNotification] = []
        /// The notifications held for the next Scheduled Summary, in arrival order.
        var summarized: [UNNotification] = []
        /// The registered categories.
        var categories: Set<UNNotificationCategory> = []
        /// How many requests were added, for their order.
        var sequence = 0
        /// The app icon's badge count.
        var badgeCount = 0
        /// The settings the simulated user chose.
        var settings: DeviceSettings?
    }

    /// The most requests that stay pending (domain-rules §7.9).
    static let pendingLimit = 64

    private static let shared = UNUserNotificationCenter()

    /// True: the simulated device supports content extensions.
    open var supportsContentExtensions: Bool { true }

    /// The center of the current simulated device.
    open class func current() -> UNUserNotificationCenter {
        SimulationContext.current?.center ?? shared
    }

    /// Creates an empty center (the device makes one per run; apps use `current()`).
    override init() { super.init() }

    // MARK: Authorization and settings

    /// The settings the simulated user chose (`--settings`); nil: everything allowed.
    var userSettings: DeviceSettings? {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0.settings = newValue } }
    }

    /// What the settings report to the app.
    private var currentSettings: UNNotificationSettings {
        userSettings.map(UNNotificationSettings.init(settings:)) ?? .allowed
    }

    /// True when the user's answer grants the request: authorized, provisional or ephemeral.
    private var granted: Bool {
        switch userSettings?.authorizationStatus ?? .authorized {
        case .denied, .notDetermined: false
        case .authorized, .provisional, .ephemeral: true
        }
    }

    /// Asks for permission; the simulated user has already answered (allowed, unless the settings say
    /// otherwise). A request with `.provisional` while the user has not been asked is granted at once,
    /// without a prompt, as provisional (Apple's rule, `ios.settings-provisional`).
    open func requestAuthorization(options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let granted = authorize(options)
        later("authorization") { completionHandler(granted, nil) }
    }

    /// Asks for permission; the simulated user has already answered (allowed, unless the settings say otherwise).
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { authorize(options) }

    /// The answer to a request for `options`: provisional is granted without asking a user who has not
    /// answered yet; anything else gets the answer the settings hold.
    private func authorize(_ options: UNAuthorizationOptions) -> Bool {
        state.withLock { state in
            if options.contains(.provisional), state.settings?.authorizationStatus == .notDetermined {
                state.settings?.authorizationStatus = .provisional
            }
        }
        return granted
    }

    /// The app's notification settings.
    open func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        let settings = currentSettings
        later("settings") { completionHandler(settings) }
    }

    /// The app's notification settings.
    open func notificationSettings() async -> UNNotificationSettings { currentSettings }

    /// Registers the app's notification categories, replacing the ones registered before.
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        state.withLock { $0.categories = categories }
    }

    /// The registered categories.
    open func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        let categories = registeredCategories
        later("categories") { completionHandler(categories) }
    }

    /// The registered categories.
    open func notificationCategories() async -> Set<UNNotificationCategory> { registeredCategories }

    /// Sets the app icon's badge count.
    @available(iOS 16.0, *)
    open func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        let error = updateBadge(newBadgeCount)
        if let completionHandler { later("badge") { completionHandler(error) } }
    }

    /// Sets the app icon's badge count.
    @available(iOS 16.0, *)
    open func setBadgeCount(_ newBadgeCount: Int) async throws {
        if let error = updateBadge(newBadgeCount) { throw error }
    }

    // MARK: Requests

    /// Schedules a request; the completion gets an error when iOS would not schedule it.
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        let error = schedule(request)
        if let completionHandler { later("add-completion") { completionHandler(error) } }
    }

    /// Schedules a request; throws when iOS would not schedule it.
    open func add(_ request: UNNotificationRequest) async throws {
        if let error = schedule(request) { throw error }
    }

    /// The requests still waiting for their trigger.
    open func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        let requests = pendingRequests
        later("pending") { completionHandler(requests) }
    }

    /// The requests still waiting for their trigger.
    open func pendingNotificationRequests() async -> [UNNotificationRequest] { pendingRequests }

    /// Removes pending requests by identifier.
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        state.withLock { $0.pending.removeAll { identifiers.contains($0.request.identifier) } }
    }

    /// Removes every pending request.
    open func removeAllPendingNotificationRequests() {
        state.withLock { $0.pending.removeAll() }
    }

    /// The notifications shown and still in Notification Center.
    open func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        let notifications = deliveredNotificationList
        later("delivered") { completionHandler(notifications) }
    }

    /// The notifications shown and still in Notification Center.
    open func deliveredNotifications() async -> [UNNotification] { deliveredNotificationList }

    /// Removes delivered notifications by request identifier.
    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        state.withLock { $0.delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    /// Removes every delivered notification.
    open func removeAllDeliveredNotifications() {
        state.withLock { $0.delivered.removeAll() }
    }

    // MARK: The simulated device's side

    /// Runs `body` on the device's event queue at the current virtual time, or now outside a simulation.
    private func later(_ label: String, _ body: @escaping () -> Void) {
        if let context = SimulationContext.current {
            context.scheduler.schedule(at: context.clock.now, label: label, body)
        } else {
            body()
        }
    }

    /// Checks and stores a request: its attachment files move into the store now; a request whose
    /// file cannot be moved is not scheduled (domain-rules §3.2.4, §3.2.6).
    private func schedule(_ request: UNNotificationRequest) -> UNError? {
        let now = SimulationContext.current?.clock.now ?? 0
        // Apple: when denied, the system ignores attempts to schedule local notifications (notificationsNotAllowed).
        guard granted else { return UNError.simulated(.notificationsNotAllowed) }
        for attachment in request.content.attachments where !attachment.moveIntoStore() {
            SimulationContext.current?.recordLocalAttachmentFailure(attachment.url.lastPathComponent)
            return UNError.simulated(.attachmentMoveIntoDataStoreFailed)
        }
        let fireAt: Int
        switch request.trigger {
        case let trigger as UNTimeIntervalNotificationTrigger:
            fireAt = now + Int((trigger.timeInterval * 1000).rounded())
        case let trigger as UNCalendarNotificationTrigger:
            let start = SimulationContext.epoch.addingTimeInterval(Double(now) / 1000)
            if let date = trigger.nextDate(after: start) {
                fireAt = Int((date.timeIntervalSince(SimulationContext.epoch) * 1000).rounded())
            } else {
                fireAt = Int.max
            }
        default:
            fireAt = now
        }
        state.withLock { state in
            state.pending.removeAll { $0.request.identifier == request.identifier }
            state.sequence += 1
            state.pending.append(PendingRequest(request: request, fireAt: fireAt, sequence: state.sequence))
            state.pending.sort { ($0.fireAt, $0.sequence) < ($1.fireAt, $1.sequence) }
            if state.pending.count > Self.pendingLimit { state.pending.removeLast(state.pending.count - Self.pendingLimit) }
        }
        return nil
    }

    private func updateBadge(_ count: Int) -> UNError? {
        guard count >= 0 else { return UNError.simulated(.badgeInputInvalid) }
        state.withLock { $0.badgeCount = count }
        return nil
    }

    var registeredCategories: Set<UNNotificationCategory> {
        state.withLock { $0.categories }
    }

    private var deliveredNotificationList: [UNNotification] {
        state.withLock { $0.delivered }
    }

    /// The notifications in Notification Center, oldest first (for the record of a sequence).
    var deliveredSnapshot: [UNNotification] { deliveredNotificationList }

    /// Sets the badge as a push's `badge` does (never negative: the linter refuses that).
    func applyBadge(_ count: Int) {
        state.withLock { $0.badgeCount = max(0, count) }
    }

    /// Records a notification the device showed, replacing one with the same request identifier.
    func noteDelivered(_ notification: UNNotification) {
        state.withLock { state in
            state.delivered.removeAll { $0.request.identifier == notification.request.identifier }
            state.delivered.append(notification)
        }
    }

    /// Holds a notification for the next Scheduled Summary, replacing one with the same request identifier.
    func noteHeldForSummary(_ notification: UNNotification) {
        state.withLock { state in
            state.summarized.removeAll { $0.request.identifier == notification.request.identifier }
            state.summarized.append(notification)
        }
    }

    /// The notifications held for the next Scheduled Summary, in arrival order.
    var summarySnapshot: [UNNotification] { state.withLock { $0.summarized } }

    /// The pending requests, soonest first.
    var pendingRequests: [UNNotificationRequest] {
        state.withLock { $0.pending.map(\.request) }
    }

    /// Removes and returns the requests due at or before `time`, soonest first.
    func takeDue(upTo time: Int) -> [(request: UNNotificationRequest, fireAt: Int)] {
        state.withLock { state in
            let due = state.pending.filter { $0.fireAt <= time }
            state.pending.removeAll { $0.fireAt <= time }
            return due.map { ($0.request, $0.fireAt) }
        }
    }

    /// The virtual time of the next trigger, or nil.
    var nextFireTime: Int? {
        state.withLock { $0.pending.first.map(\.fireAt) }
    }
}
