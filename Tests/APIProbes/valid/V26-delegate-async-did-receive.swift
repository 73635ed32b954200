// Apple: https://developer.apple.com/documentation/usernotifications/untextinputnotificationresponse
import UserNotifications

final class V26Delegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        if let reply = response as? UNTextInputNotificationResponse {
            print("reply: \(reply.userText)")
        } else if response.actionIdentifier == UNNotificationDismissActionIdentifier {
            print("dismissed \(response.notification.date)")
        }
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        print("settings for \(notification?.request.identifier ?? "the app")")
    }
}
