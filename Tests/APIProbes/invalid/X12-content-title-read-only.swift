// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent/title
// UNNotificationContent is read-only; the mutable subclass has the setters.
import UserNotifications

enum X12 {
    static func rename(_ content: UNNotificationContent) {
        content.title = "New title" // expected-error
    }
}
