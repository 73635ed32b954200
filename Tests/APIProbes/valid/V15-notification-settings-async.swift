// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationsettings(completionhandler:)
import UserNotifications

enum V15 {
    static func mayAlert() async -> Bool {
        let settings = await UNUserNotificationCenter.current().notificationSettings()
        return settings.authorizationStatus == .authorized && settings.alertSetting == .enabled
    }
}
