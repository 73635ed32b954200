// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontentproviding
import UserNotifications

@available(iOS 15.0, *)
enum V44 {
    static func update(_ content: UNNotificationContent, from provider: any UNNotificationContentProviding) -> UNNotificationContent {
        (try? content.updating(from: provider)) ?? content
    }
}
