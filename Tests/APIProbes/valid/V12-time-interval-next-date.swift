// Apple: https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger/nexttriggerdate()
import UserNotifications

enum V12 {
    static func fireDate() -> Date? {
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: false)
        return trigger.repeats ? nil : trigger.nextTriggerDate()
    }
}
