// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/alert
// Deprecated in iOS 14, still compiles: older delegates write it.
import UserNotifications

final class V27Delegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void) {
        completionHandler([.alert, .badge, .sound])
    }
}
