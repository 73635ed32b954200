// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
// A delegate that only handles taps: every requirement is optional.
import UserNotifications

final class V25Delegate: NSObject, UNUserNotificationCenterDelegate {
    var opened: [AnyHashable: Any] = [:]

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        if response.actionIdentifier == UNNotificationDefaultActionIdentifier {
            opened = response.notification.request.content.userInfo
        }
        completionHandler()
    }
}
