// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
// The completion handler written without @Sendable, as most apps' delegates are (accepted in Swift 5 mode).
import UserNotifications

final class V23AppDelegate: NSObject, UNUserNotificationCenterDelegate {
    func start() {
        UNUserNotificationCenter.current().delegate = self
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        completionHandler([.banner, .list, .sound])
    }
}
