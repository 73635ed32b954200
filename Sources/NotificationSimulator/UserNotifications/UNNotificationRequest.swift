import Foundation

/// A request to show a notification: an identifier, the content and what triggers it.
@available(iOS 10.0, *)
open class UNNotificationRequest: NSObject, NSCopying, @unchecked Sendable {
    /// The identifier; adding a request with the same identifier replaces the pending one.
    open private(set) var identifier: String
    /// The content (a copy of what was given).
    @NSCopying open private(set) var content: UNNotificationContent
    /// The trigger; nil delivers right away, a `UNPushNotificationTrigger` marks a remote push.
    @NSCopying open private(set) var trigger: UNNotificationTrigger?

    init(requestIdentifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = requestIdentifier
        // Assignments in an initializer bypass @NSCopying: copy explicitly, as iOS does.
        self.content = (content.copy() as? UNNotificationContent) ?? content
        self.trigger = trigger
        super.init()
    }

    /// Creates a request; the content is copied, as iOS does.
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.init(requestIdentifier: identifier, content: content, trigger: trigger)
    }

    /// Requests are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
