import Foundation
import NotificationSimulator // iOS: UserNotifications

// snippet.app
/// The app's side: when the user opens the app from a notification, the messages count as seen,
/// so the shared count and the badge go back to zero.
final class BadgeResetApp: NSObject, UNUserNotificationCenterDelegate {
    /// As in `application(_:didFinishLaunchingWithOptions:)`.
    func didFinishLaunching(center: UNUserNotificationCenter) {
        center.delegate = self
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        BadgeCounter.reset()
        center.setBadgeCount(0) { _ in completionHandler() }
    }
}
// snippet.end
// snippet.hide

extension BadgeResetApp {
    /// The simulator's entry point: the app, and its extension for every push.
    static let entryPoint: RecipeEntryPoint = {
        let app = BadgeResetApp()
        return .app(launch: { center in app.didFinishLaunching(center: center) }, serviceExtension: { BadgeCountService() })
    }()
}
// snippet.show
