import Foundation
import UserNotifications

/// The unread count the app and its Notification Service Extension share: a number in their App
/// Group's defaults, so both targets read and write the same value.
enum BadgeCounter {
    /// The App Group both targets list under App Groups in Signing & Capabilities.
    static let appGroup = "group.com.example.harbour"
    private static let key = "unread-count"

    /// Adds one and returns the new count.
    static func increment() -> Int {
        let defaults = UserDefaults(suiteName: appGroup)
        let next = (defaults?.integer(forKey: key) ?? 0) + 1
        defaults?.set(next, forKey: key)
        return next
    }

    /// Back to zero, when the user has seen the messages.
    static func reset() {
        UserDefaults(suiteName: appGroup)?.set(0, forKey: key)
    }
}
