// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel
// The level has its four cases and raw values only.
import UserNotifications

@available(iOS 15.0, *)
enum X09 {
    static let name = UNNotificationInterruptionLevel.timeSensitive.payloadName // expected-error
}
