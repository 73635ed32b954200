// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationrequest/init(identifier:content:trigger:)
// The trigger argument is required (nil delivers right away).
import UserNotifications

enum X20 {
    static func request(_ content: UNNotificationContent) -> UNNotificationRequest {
        UNNotificationRequest(identifier: "a", content: content) // expected-error
    }
}
