// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
// The center documents no pendingLimit: the limit "is limited by the system".
import UserNotifications

enum X03 {
    static let limit = UNUserNotificationCenter.pendingLimit // expected-error
}
