// Apple: https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger/nexttriggerdate()
// nextTriggerDate() takes no argument.
import UserNotifications

enum X04 {
    static func next(_ trigger: UNCalendarNotificationTrigger) -> Date? {
        trigger.nextTriggerDate(after: Date()) // expected-error
    }
}
