import Foundation

/// One device living through a sequence of pushes (`pushbook simulate a.json b.json …`): the
/// notification center (what Notification Center holds, the badge, the registered categories, the
/// pending local requests) and the App Group containers carry over from one push to the next, and the virtual clock moves on
/// by a gap between them.
///
/// Modelling choices, not Apple's word: a push without `apns-collapse-id` gets the request
/// identifier `push-N` (N its place in the sequence; Apple says only that "the system automatically
/// assigns an identifier"); the gap passes without running anything (a pending local request
/// stays pending); each push's run starts its own virtual clock at zero, and the dates the app
/// sees add the time passed before it.
public final class DeviceSession: @unchecked Sendable {
    /// The center every push of the sequence is delivered to.
    let center = UNUserNotificationCenter()
    /// The App Group containers the app and its extension share across the sequence.
    let appGroups = AppGroupContainers()
    /// The defaults databases of the app and its extension, across the sequence.
    let defaults = DefaultsDatabases()
    private let state = Locked((pushes: 0, elapsed: 0))
    private let shown = Locked<UNNotification?>(nil)

    /// Creates a device with an empty Notification Center and no badge.
    public init() {}

    /// Starts the next push: the virtual milliseconds passed before it, and its number (from 1).
    func begin() -> (offset: Int, number: Int) {
        state.withLock { state in
            state.pushes += 1
            return (state.elapsed, state.pushes)
        }
    }

    /// The virtual milliseconds passed so far.
    var elapsed: Int { state.withLock { $0.elapsed } }

    /// The notification the last push showed, or nil when it showed none (what `--tap` answers).
    var lastShown: UNNotification? {
        get { shown.withLock { $0 } }
        set { shown.withLock { $0 = newValue } }
    }

    /// Lets `milliseconds` of virtual time pass before the next push.
    public func wait(milliseconds: Int) {
        state.withLock { $0.elapsed += max(0, milliseconds) }
    }

    /// What Notification Center holds now, newest first, the badge, and what waits for the
    /// Scheduled Summary, the highest `relevanceScore` first (ties: newest first).
    var notificationCenter: DeliveryRecord.NotificationCenterPart {
        func entry(_ notification: UNNotification) -> DeliveryRecord.NotificationCenterPart.Entry {
            .init(identifier: notification.request.identifier, title: notification.request.content.title,
                  body: notification.request.content.body, threadIdentifier: notification.request.content.threadIdentifier)
        }
        let held = Array(center.summarySnapshot.reversed().enumerated())
            .sorted { ($0.element.request.content.relevanceScore, -$0.offset) > ($1.element.request.content.relevanceScore, -$1.offset) }
        return .init(notifications: center.deliveredSnapshot.reversed().map(entry), badge: center.badgeCount,
                     summary: held.map { entry($0.element) })
    }
}
