// Apple: https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger
// There is no validation helper; iOS raises an exception for a bad interval.
import UserNotifications

enum X05 {
    static let reason = UNTimeIntervalNotificationTrigger.validationFailure(timeInterval: 30, repeats: true) // expected-error
}
