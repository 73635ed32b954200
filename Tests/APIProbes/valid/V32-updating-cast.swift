// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent/updating(from:)
// The Stack Overflow answer's form: the result cast to the mutable class.
import UserNotifications
import Intents

@available(iOS 15.0, *)
enum V32 {
    static func mutableUpdate(_ content: UNMutableNotificationContent, from intent: INSendMessageIntent) -> UNMutableNotificationContent? {
        try? content.updating(from: intent) as? UNMutableNotificationContent
    }
}
