import Foundation
import NotificationSimulator // iOS: UserNotifications

// snippet.service
/// For a phone that shows no Live Activity (before iOS 16.1, or Live Activities turned off), the
/// server sends the same news as an ordinary push: this extension groups every push of one order
/// and names the order in the subtitle. Live Activity pushes never reach it.
final class OrderUpdateService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent,
              let order = request.content.userInfo["orderNumber"] as? String else {
            contentHandler(request.content)
            return
        }
        content.threadIdentifier = "order-\(order)"
        if let minutes = request.content.userInfo["minutesAway"] as? String {
            content.subtitle = "Order \(order) · about \(minutes) min"
        } else {
            content.subtitle = "Order \(order)"
        }
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        // didReceive never waits, so it has always called the handler by now.
    }
}
// snippet.end
