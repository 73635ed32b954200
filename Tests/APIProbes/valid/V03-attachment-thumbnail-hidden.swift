// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationattachmentoptionsthumbnailhiddenkey
import UserNotifications

enum V03 {
    static func attachment(at file: URL) throws -> UNNotificationAttachment {
        try UNNotificationAttachment(identifier: "", url: file, options: [UNNotificationAttachmentOptionsThumbnailHiddenKey: true])
    }
}
