import Foundation
import NotificationSimulator // iOS: UserNotifications

// snippet.app
/// Starts with quiet notifications instead of a permission prompt: provisional authorization is
/// granted without asking, and the user decides from the first notifications themselves.
final class QuietStartApp: NSObject, UNUserNotificationCenterDelegate {
    /// As in `application(_:didFinishLaunchingWithOptions:)`.
    func didFinishLaunching(center: UNUserNotificationCenter) {
        center.delegate = self
        // With .provisional there is no prompt: iOS grants it at once, and delivers quietly.
        center.requestAuthorization(options: [.alert, .sound, .badge, .provisional]) { granted, _ in
            guard granted else { return }
            // Register for remote notifications here (UIApplication.registerForRemoteNotifications).
        }
    }

    /// Later, at a moment the user sees why it helps (after their first order, say): ask for
    /// prominent delivery. Only now does iOS show the prompt.
    func askToDeliverProminently(center: UNUserNotificationCenter) {
        center.getNotificationSettings { settings in
            guard settings.authorizationStatus == .provisional else { return }
            center.requestAuthorization(options: [.alert, .sound, .badge]) { _, _ in }
        }
    }
}
// snippet.end
// snippet.hide

extension QuietStartApp {
    /// The simulator's entry point: one app instance, which the center holds weakly as its delegate.
    static let entryPoint: RecipeEntryPoint = {
        let app = QuietStartApp()
        return .app(launch: { center in app.didFinishLaunching(center: center) })
    }()
}
// snippet.show
