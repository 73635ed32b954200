import Foundation
import UserNotifications

/// A probe: it only marks the notification, so what the user sees tells whether iOS ran the
/// extension at all, and whether the custom key `room` was where the code reads it.
final class ExtensionProbeService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        // Custom keys arrive in userInfo at the top level, next to "aps".
        if let room = request.content.userInfo["room"] as? String {
            content.subtitle = "✓ seen by the extension, room \(room)"
        } else {
            content.subtitle = "✓ seen by the extension, no room key"
        }
        contentHandler(content)
    }
}
