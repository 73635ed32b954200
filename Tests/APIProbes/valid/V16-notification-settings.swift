// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsettings
import UserNotifications

enum V16 {
    static func log() {
        UNUserNotificationCenter.current().getNotificationSettings { settings in
            print(settings.authorizationStatus == .denied, settings.soundSetting == .disabled, settings.alertStyle == .banner)
            if #available(iOS 15.0, *) { print(settings.timeSensitiveSetting == .enabled) }
        }
    }
}
