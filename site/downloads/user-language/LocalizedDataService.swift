import Foundation
import UserNotifications

/// Localizes a push whose server sends one payload to every platform: the text keys and their
/// arguments travel in the data (`title_loc_key`, `title_loc_args`, `body_loc_key`, `body_loc_args`),
/// and the English `title` and `body` stay as the fallback.
final class LocalizedDataService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        let data = request.content.userInfo
        if let title = Self.localized(data["title_loc_key"], arguments: data["title_loc_args"]) { content.title = title }
        if let body = Self.localized(data["body_loc_key"], arguments: data["body_loc_args"]) { content.body = body }
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        // didReceive never waits, so it has always called the handler by now.
    }

    /// The text for `key` from the extension's Localizable.strings, or nil when there is no key or
    /// the strings lack it (the method then returns the key itself): the server's text stays.
    private static func localized(_ key: Any?, arguments: Any?) -> String? {
        guard let key = key as? String, !key.isEmpty else { return nil }
        // FCM data values are strings: the arguments arrive as a JSON array in a string.
        let list = (arguments as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String] } ?? []
        let text = NSString.localizedUserNotificationString(forKey: key, arguments: list)
        return text == key ? nil : text
    }
}
