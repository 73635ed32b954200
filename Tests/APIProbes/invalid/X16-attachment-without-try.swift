// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationattachment/init(identifier:url:options:)
// The initializer throws.
import UserNotifications

enum X16 {
    static func attachment(_ file: URL) -> UNNotificationAttachment {
        UNNotificationAttachment(identifier: "a", url: file, options: nil) // expected-error
    }
}
