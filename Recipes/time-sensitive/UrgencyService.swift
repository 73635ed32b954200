import Foundation
import NotificationSimulator // iOS: UserNotifications

// snippet.service
/// Sets how each push interrupts from the `urgency` the server puts in its data: a courier at the
/// door breaks through a Focus, a status update interrupts as usual, an offer waits in the list.
final class UrgencyService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        if #available(iOS 15.0, *) {
            switch request.content.userInfo["urgency"] as? String {
            case "now":
                content.interruptionLevel = .timeSensitive
                content.relevanceScore = 1.0
            case "later":
                content.interruptionLevel = .passive
                content.relevanceScore = 0.1
            case "normal":
                content.relevanceScore = 0.5 // active, as it arrived; above an offer in the summary
            default:
                break // active, as the push arrived
            }
        }
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        // didReceive never waits, so it has always called the handler by now.
    }
}
// snippet.end
