import Foundation
import UserNotifications

/// The iOS side of a chat app that receives FCM messages in the foreground, written as plain Swift:
/// the center's delegate decides how iOS presents a push (what
/// `setForegroundNotificationPresentationOptions` sets up in a Flutter app), and `onMessage`
/// is what a `FirebaseMessaging.onMessage` listener does.
final class ForegroundChatApp: NSObject, UNUserNotificationCenterDelegate {
    /// The three versions of the app this page compares; an example's `scenario` data key picks one.
    enum Scenario: String {
        /// iOS presents the push and the app shows its own copy: two notifications.
        case naive
        /// iOS presents nothing from FCM in the foreground; the app shows its own copy.
        case presentationOff = "presentation-off"
        /// iOS presents messages that have a notification; the app shows only data-only ones.
        case fixed
    }

    /// As in `application(_:didFinishLaunchingWithOptions:)`.
    func didFinishLaunching(center: UNUserNotificationCenter) {
        center.delegate = self
    }

    /// How iOS presents a notification that arrives while the app is in the foreground.
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        let userInfo = notification.request.content.userInfo
        let isFromFCM = userInfo["gcm.message_id"] != nil
        if isFromFCM && Self.scenario(of: userInfo) == .presentationOff {
            completionHandler([]) // alert: false, badge: false, sound: false
        } else {
            completionHandler([.banner, .list, .sound])
        }
    }

    /// A message arrived while the app is in the foreground.
    func onMessage(_ userInfo: [AnyHashable: Any], center: UNUserNotificationCenter) {
        let aps = userInfo["aps"] as? [String: Any]
        let alert = aps?["alert"] as? [String: Any]
        let hasNotification = alert != nil
        switch Self.scenario(of: userInfo) {
        case .naive, .presentationOff:
            break // show every message
        case .fixed:
            guard !hasNotification else { return } // iOS has presented it already
        }
        // What flutter_local_notifications' show() does on iOS: an immediate local request.
        let content = UNMutableNotificationContent()
        content.title = alert?["title"] as? String ?? userInfo["title"] as? String ?? ""
        content.body = alert?["body"] as? String ?? userInfo["body"] as? String ?? ""
        guard !content.title.isEmpty || !content.body.isEmpty else { return }
        if let room = userInfo["room"] as? String { content.threadIdentifier = room }
        // The message id as identifier: a second show() for the same message replaces the first.
        let identifier = userInfo["gcm.message_id"] as? String ?? UUID().uuidString
        center.add(UNNotificationRequest(identifier: identifier, content: content, trigger: nil))
    }

    private static func scenario(of userInfo: [AnyHashable: Any]) -> Scenario {
        (userInfo["scenario"] as? String).flatMap(Scenario.init(rawValue:)) ?? .fixed
    }
}
