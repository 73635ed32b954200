// Apple: https://developer.apple.com/documentation/usernotifications/unerrordomain
import UserNotifications

enum V07 {
    static func isNotAllowed(_ error: Error) -> Bool {
        let nsError = error as NSError
        return nsError.domain == UNErrorDomain && nsError.code == UNError.Code.notificationsNotAllowed.rawValue
    }
}
