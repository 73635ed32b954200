// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions
// UNNotificationPresentationOptionNone is NS_SWIFT_UNAVAILABLE("Use [] instead.").
import UserNotifications

enum X13 {
    static let nothing = UNNotificationPresentationOptions.none // expected-error
}
