// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationattachmentoptionsthumbnailtimekey
import UserNotifications

enum V05 {
    static func attachment(at file: URL) throws -> UNNotificationAttachment {
        try UNNotificationAttachment(identifier: "clip", url: file, options: [UNNotificationAttachmentOptionsThumbnailTimeKey: 2.5])
    }
}
