// Apple: https://developer.apple.com/documentation/usernotifications/unlocationnotificationtrigger
// Code that sorts pending requests by their trigger's class, location triggers included.
import UserNotifications

func triggerKind(of request: UNNotificationRequest) -> String {
    switch request.trigger {
    case is UNLocationNotificationTrigger: return "on arrival or departure"
    case let trigger as UNCalendarNotificationTrigger: return trigger.repeats ? "every matching date" : "on a date"
    case is UNTimeIntervalNotificationTrigger: return "after a while"
    case is UNPushNotificationTrigger: return "a push"
    default: return "now"
    }
}
