// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
// init is unavailable: apps use current().
import UserNotifications

enum X08 {
    static let center = UNUserNotificationCenter() // expected-error
}
