import Foundation
import UserNotifications

/// Sets the badge of each message push to the shared unread count plus one, so the server does
/// not have to know how many messages this user has not seen yet.
final class BadgeCountService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        content.badge = NSNumber(value: BadgeCounter.increment())
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        // didReceive never waits, so it has always called the handler by now.
    }
}
