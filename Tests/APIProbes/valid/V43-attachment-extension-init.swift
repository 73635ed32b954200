// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationattachment/init(identifier:url:options:)
// The FCM blog's convenience initializer in an extension (seed 002), options typed [NSObject: AnyObject]?.
import UserNotifications

extension UNNotificationAttachment {
    convenience init(v43Data data: Data, options: [NSObject: AnyObject]?) throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(ProcessInfo.processInfo.globallyUniqueString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: nil)
        let file = folder.appendingPathComponent(UUID().uuidString + ".jpg")
        try data.write(to: file)
        try self.init(identifier: file.lastPathComponent, url: file, options: options)
    }
}
