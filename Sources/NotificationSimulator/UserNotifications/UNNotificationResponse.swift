import Foundation

/// The action identifier of a response in which the user opened the app from the notification.
@available(iOS 10.0, *)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"
/// The action identifier of a response in which the user dismissed the notification.
@available(iOS 10.0, *)
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"

/// How the user responded to a notification (Apple's `UNNotificationResponse`). Only the system makes
/// responses: the simulated device makes one when `pushbook simulate` is given `--tap`, `--action` or `--reply`.
@available(iOS 10.0, *)
open class UNNotificationResponse: NSObject, NSCopying, @unchecked Sendable {
    /// The notification responded to.
    @NSCopying open private(set) var notification: UNNotification
    /// The chosen action's identifier, or one of the default and dismiss identifiers.
    open private(set) var actionIdentifier: String

    init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }

    /// Responses are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A response carrying the text the user typed (Apple's `UNTextInputNotificationResponse`).
@available(iOS 10.0, *)
open class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    /// The text.
    open private(set) var userText: String

    init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }
}
