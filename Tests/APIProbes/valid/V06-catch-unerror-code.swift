// Apple: https://developer.apple.com/documentation/usernotifications/unerror/attachmentinvalidfilesize
import UserNotifications

enum V06 {
    static func describe(_ file: URL) -> String {
        do {
            _ = try UNNotificationAttachment(identifier: "big", url: file, options: nil)
            return "ok"
        } catch UNError.attachmentInvalidFileSize {
            return "too large"
        } catch let error as UNError where error.code == .attachmentUnrecognizedType {
            return "unrecognized"
        } catch {
            return error.localizedDescription
        }
    }
}
