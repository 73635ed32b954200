// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsoundname
import UserNotifications

enum X14 {
    static let name: UNNotificationSoundName = "default" // expected-error
}
