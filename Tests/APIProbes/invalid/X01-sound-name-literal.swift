// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsoundname
// UNNotificationSoundName has init(_:) and init(rawValue:) only: a string literal is not a sound name.
import UserNotifications

enum X01 {
    static let sound = UNNotificationSound(named: "ping.caf") // expected-error
}
