// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationactionicon
import UserNotifications

enum V21 {
    static func actions() -> [UNNotificationAction] {
        if #available(iOS 15.0, *) {
            let open = UNNotificationAction(identifier: "open", title: "Open", options: [.foreground], icon: UNNotificationActionIcon(systemImageName: "arrow.up.forward.app"))
            let reply = UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], icon: UNNotificationActionIcon(templateImageName: "Reply"),
                                                      textInputButtonTitle: "Send", textInputPlaceholder: "")
            return [open, reply]
        }
        return []
    }
}
