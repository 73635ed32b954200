// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:options:)
import UserNotifications

enum V20 {
    static func register() {
        let like = UNNotificationAction(identifier: "like", title: "Like", options: [])
        let delete = UNNotificationAction(identifier: "delete", title: "Delete", options: [.destructive, .authenticationRequired])
        let reply = UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let message = UNNotificationCategory(identifier: "message", actions: [reply, like, delete], intentIdentifiers: [], options: [.customDismissAction])
        UNUserNotificationCenter.current().setNotificationCategories([message])
    }
}
