import Foundation

/// The notification center of the simulated device (Apple's `UNUserNotificationCenter`).
///
/// Requests added here are pending until their trigger fires in virtual time; the device then
/// delivers them. At most 64 requests stay pending (the soonest-firing ones, domain-rules §7.9);
/// adding a request with an existing identifier replaces it (§7.10).
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [PendingRequest] = []
    private var sequence = 0
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

    /// The most requests that stay pending.
    public static let pendingLimit = 64

    private static let shared = UNUserNotificationCenter()

    /// The center of the current simulated device.
    open class func current() -> UNUserNotificationCenter {
        SimulationContext.current?.center ?? shared
    }

    /// Creates an empty center (the device makes one per run).
    override init() { super.init() }

    /// Schedules a request; the completion gets an error when iOS would not schedule it.
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: ((Error?) -> Void)? = nil) {
        let now = SimulationContext.current?.clock.now ?? 0
        // A local request whose attachment file is gone is not scheduled (domain-rules §3.2.6).
        let missing = request.content.attachments.contains { !FileManager.default.fileExists(atPath: $0.url.path) }
        let error: Error? = missing ? UNError(.attachmentNotInDataStore) : nil
        if error == nil {
            let fireAt: Int
            switch request.trigger {
            case let trigger as UNTimeIntervalNotificationTrigger:
                fireAt = now + Int((trigger.timeInterval * 1000).rounded())
            case let trigger as UNCalendarNotificationTrigger:
                let start = SimulationContext.epoch.addingTimeInterval(Double(now) / 1000)
                if let date = trigger.nextTriggerDate(after: start) {
                    fireAt = Int((date.timeIntervalSince(SimulationContext.epoch) * 1000).rounded())
                } else {
                    fireAt = Int.max
                }
            default:
                fireAt = now
            }
            lock.lock()
            pending.removeAll { $0.request.identifier == request.identifier }
            sequence += 1
            pending.append(PendingRequest(request: request, fireAt: fireAt, sequence: sequence))
            pending.sort { ($0.fireAt, $0.sequence) < ($1.fireAt, $1.sequence) }
            if pending.count > Self.pendingLimit { pending.removeLast(pending.count - Self.pendingLimit) }
            lock.unlock()
        }
        if let completionHandler {
            if let context = SimulationContext.current {
                context.scheduler.schedule(at: now, label: "add-completion") { completionHandler(error) }
            } else {
                completionHandler(error)
            }
        }
    }

    /// The requests still waiting for their trigger.
    open func getPendingNotificationRequests(completionHandler: @escaping ([UNNotificationRequest]) -> Void) {
        completionHandler(pendingRequests)
    }

    /// Removes pending requests by identifier.
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        lock.lock(); defer { lock.unlock() }
        pending.removeAll { identifiers.contains($0.request.identifier) }
    }

    /// The pending requests, soonest first.
    var pendingRequests: [UNNotificationRequest] {
        lock.lock(); defer { lock.unlock() }
        return pending.map(\.request)
    }

    /// Removes and returns the requests due at or before `time`, soonest first.
    func takeDue(upTo time: Int) -> [(request: UNNotificationRequest, fireAt: Int)] {
        lock.lock(); defer { lock.unlock() }
        let due = pending.filter { $0.fireAt <= time }
        pending.removeAll { $0.fireAt <= time }
        return due.map { ($0.request, $0.fireAt) }
    }

    /// The virtual time of the next trigger, or nil.
    var nextFireTime: Int? {
        lock.lock(); defer { lock.unlock() }
        return pending.first.map(\.fireAt)
    }
}

/// Answers how to present a notification that arrives while the app is in the foreground.
public protocol UNUserNotificationCenterDelegate: AnyObject {
    /// Called for a notification arriving in the foreground; call the handler with the options to use.
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
}

/// How to present a notification while the app is in the foreground.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Apply the badge.
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    /// Play the sound.
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    /// Show in Notification Center.
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    /// Show as a banner.
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)

    /// The option names, for the record.
    var names: [String] {
        var names: [String] = []
        if contains(.badge) { names.append("badge") }
        if contains(.banner) { names.append("banner") }
        if contains(.list) { names.append("list") }
        if contains(.sound) { names.append("sound") }
        return names
    }
}

/// A delivered notification: its request and the date it arrived.
open class UNNotification: NSObject, @unchecked Sendable {
    /// The request.
    public let request: UNNotificationRequest
    /// When it was delivered (virtual time).
    public let date: Date

    init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
        super.init()
    }
}
