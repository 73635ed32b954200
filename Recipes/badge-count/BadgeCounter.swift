import Foundation
import NotificationSimulator // iOS: UserNotifications

// snippet.counter
/// The unread count the app and its Notification Service Extension share: a small file in their
/// App Group's container, so both targets read and write the same number.
enum BadgeCounter {
    /// The App Group both targets list under App Groups in Signing & Capabilities.
    static let appGroup = "group.com.example.harbour"

    private static var file: URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)?
            .appendingPathComponent("unread-count")
    }

    /// Adds one and returns the new count; nil when the App Group is not set up.
    static func increment() -> Int? {
        guard let file else { return nil }
        let current = (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0) } ?? 0
        let next = current + 1
        // Written atomically: an extension killed mid-write leaves the old count, not half a number.
        try? String(next).write(to: file, atomically: true, encoding: .utf8)
        return next
    }

    /// Back to zero, when the user has seen the messages.
    static func reset() {
        guard let file else { return }
        try? "0".write(to: file, atomically: true, encoding: .utf8)
    }
}
// snippet.end
