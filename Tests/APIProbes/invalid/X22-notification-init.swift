// Apple: https://developer.apple.com/documentation/usernotifications/unnotification
// Only the system makes UNNotification objects.
import UserNotifications

enum X22 {
    static func make(_ request: UNNotificationRequest) -> UNNotification {
        UNNotification(request: request, date: Date()) // expected-error
    }
}
