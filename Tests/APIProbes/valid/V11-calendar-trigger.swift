// Apple: https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger
import UserNotifications

enum V11 {
    static func morning() -> Date? {
        var components = DateComponents()
        components.hour = 7
        components.minute = 30
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        return trigger.nextTriggerDate()
    }
}
