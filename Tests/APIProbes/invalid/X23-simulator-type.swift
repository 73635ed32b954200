// Apple: https://developer.apple.com/documentation/usernotifications
// The model's own types (its device, its records) are not part of Apple's frameworks.
import UserNotifications

enum X23 {
    static let device = NotificationDevice() // expected-error
}
