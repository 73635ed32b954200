// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/setbadgecount(_:withcompletionhandler:)
import UserNotifications

enum V41 {
    static func clearBadge() async {
        if #available(iOS 16.0, *) {
            try? await UNUserNotificationCenter.current().setBadgeCount(0)
            UNUserNotificationCenter.current().setBadgeCount(0) { error in
                if let error = error { print(error) }
            }
        }
    }
}
