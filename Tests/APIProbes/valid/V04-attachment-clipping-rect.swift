// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationattachmentoptionsthumbnailclippingrectkey
// The option takes a normalized rectangle as a dictionary (CGRect's dictionary representation).
import UserNotifications

enum V04 {
    static func attachment(at file: URL) throws -> UNNotificationAttachment {
        let rect: [String: Double] = ["X": 0, "Y": 0, "Width": 1, "Height": 0.5]
        return try UNNotificationAttachment(identifier: "banner", url: file, options: [UNNotificationAttachmentOptionsThumbnailClippingRectKey: rect])
    }
}
