// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound
// UNNotificationSound has no public properties.
import UserNotifications

enum X02 {
    static func name(_ content: UNNotificationContent) -> String? {
        content.sound?.name // expected-error
    }
}
