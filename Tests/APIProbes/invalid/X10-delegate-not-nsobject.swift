// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
// The delegate protocol refines NSObjectProtocol.
import UserNotifications

final class X10Delegate: UNUserNotificationCenterDelegate { // expected-error
}
