// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent
import UserNotifications

enum V40 {
    static func copies(_ content: UNNotificationContent) -> (UNNotificationContent, UNMutableNotificationContent?) {
        let frozen = content.copy() as! UNNotificationContent
        return (frozen, content.mutableCopy() as? UNMutableNotificationContent)
    }
}
