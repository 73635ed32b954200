import Foundation

/// A delivered notification: its request and the date it arrived.
@available(iOS 10.0, *)
open class UNNotification: NSObject, NSCopying, @unchecked Sendable {
    /// The request.
    @NSCopying open private(set) var request: UNNotificationRequest
    /// When it was delivered (virtual time).
    open private(set) var date: Date

    init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
        super.init()
    }

    /// Notifications are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
