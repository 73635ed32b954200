// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent/interruptionlevel
import UserNotifications

enum V29 {
    static func urgent(_ content: UNMutableNotificationContent) {
        if #available(iOS 15.0, *) {
            content.interruptionLevel = .timeSensitive
            content.relevanceScore = 0.9
        }
        if #available(iOS 16.0, *) {
            content.filterCriteria = "work"
        }
        content.targetContentIdentifier = "chat-42"
        content.threadIdentifier = "chat-42"
        content.categoryIdentifier = "message"
        content.badge = 3
    }
}
