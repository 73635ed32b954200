// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)
// The label is withCompletionHandler.
import UserNotifications

enum X17 {
    static func add(_ request: UNNotificationRequest) {
        UNUserNotificationCenter.current().add(request, completionHandler: nil) // expected-error
    }
}
