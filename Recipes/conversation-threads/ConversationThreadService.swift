import Foundation
import NotificationSimulator // iOS: UserNotifications

// snippet.service
/// Stacks each conversation's notifications together: when the push has no `thread-id`, the
/// conversation id in its data (`conversationId`) becomes the notification's thread identifier.
final class ConversationThreadService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        if content.threadIdentifier.isEmpty, let conversation = content.userInfo["conversationId"] as? String {
            content.threadIdentifier = conversation
        }
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        // Nothing here waits: didReceive has always called the handler by now.
    }
}
// snippet.end
