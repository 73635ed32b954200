// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel
import UserNotifications

@available(iOS 15.0, *)
enum X19 {
    static let level = UNNotificationInterruptionLevel(payloadName: "active") // expected-error
}
