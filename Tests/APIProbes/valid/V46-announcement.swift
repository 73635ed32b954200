// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsettings/announcementsetting
// Siri announcements, as iOS 13 and 14 apps ask for them (the options are deprecated in iOS 15, the setting is not).
import UserNotifications

func askForAnnouncements(_ center: UNUserNotificationCenter) {
    let message = UNNotificationCategory(identifier: "MESSAGE", actions: [], intentIdentifiers: [], options: [.allowAnnouncement])
    center.setNotificationCategories([message])
    center.requestAuthorization(options: [.alert, .sound, .announcement]) { _, _ in
        center.getNotificationSettings { settings in
            let announced = settings.announcementSetting == .enabled
            _ = announced
        }
    }
}
