// Apple: https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger/init(timeinterval:repeats:)
import UserNotifications

enum V09 {
    static func remind() {
        let content = UNMutableNotificationContent()
        content.title = "Stand up"
        content.body = "You have been sitting for an hour."
        content.sound = .default
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: true)
        let request = UNNotificationRequest(identifier: "stand-up", content: content, trigger: trigger)
        UNUserNotificationCenter.current().add(request) { error in
            if let error = error { print("not scheduled: \(error)") }
        }
    }
}
