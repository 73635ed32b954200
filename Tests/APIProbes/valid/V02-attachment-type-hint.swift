// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationattachmentoptionstypehintkey
import UserNotifications

enum V02 {
    static func attachment(at file: URL) -> UNNotificationAttachment? {
        try? UNNotificationAttachment(identifier: "image", url: file, options: [UNNotificationAttachmentOptionsTypeHintKey: "public.jpeg"])
    }
}
