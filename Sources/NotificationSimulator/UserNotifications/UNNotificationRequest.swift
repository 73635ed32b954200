import Foundation

/// A request to show a notification: an identifier, the content and what triggers it.
open class UNNotificationRequest: NSObject, @unchecked Sendable {
    /// The identifier; adding a request with the same identifier replaces the pending one.
    public let identifier: String
    /// The content.
    public let content: UNNotificationContent
    /// The trigger; nil delivers right away, a `UNPushNotificationTrigger` marks a remote push.
    public let trigger: UNNotificationTrigger?

    /// Creates a request; the content is copied, as iOS does.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = (content.copy() as? UNNotificationContent) ?? content
        self.trigger = trigger
        super.init()
    }
}
