// Apple: https://developer.apple.com/documentation/usernotifications/unerror
import UserNotifications

enum V08 {
    static let notAllowed = UNError(.notificationsNotAllowed, userInfo: [NSLocalizedDescriptionKey: "Notifications are off"])
    static let codes: [UNError.Code] = [.attachmentMoveIntoDataStoreFailed, .notificationInvalidNoDate, .contentProvidingObjectNotAllowed, .badgeInputInvalid]
}
