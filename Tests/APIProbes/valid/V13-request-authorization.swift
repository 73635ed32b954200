// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
import UserNotifications

enum V13 {
    static func ask() {
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            print("granted: \(granted), error: \(String(describing: error))")
        }
    }
}
