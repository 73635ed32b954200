import Foundation
import NotificationSimulator // iOS: UserNotifications

// snippet.app
/// Keeps what Notification Center shows in step with the server: a background push that says a
/// message was deleted (data key `deletedMessageId`) takes that message's notification away.
final class MessageSyncApp: NSObject, UNUserNotificationCenterDelegate {
    /// As in `application(_:didFinishLaunchingWithOptions:)`.
    func didFinishLaunching(center: UNUserNotificationCenter) {
        center.delegate = self
    }

    /// As in `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: iOS wakes the app
    /// for a background push and gives it 30 seconds; `completion` calls that method's handler.
    func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any], center: UNUserNotificationCenter,
                                      completion: @escaping () -> Void) {
        guard let deleted = userInfo["deletedMessageId"] as? String else {
            completion()
            return
        }
        // The message's notification is found by the id the server put in its payload, so this
        // works whether or not that push had an apns-collapse-id.
        center.getDeliveredNotifications { notifications in
            let identifiers = notifications
                .filter { $0.request.content.userInfo["messageId"] as? String == deleted }
                .map { $0.request.identifier }
            center.removeDeliveredNotifications(withIdentifiers: identifiers)
            completion()
        }
    }
}
// snippet.end
// snippet.hide

extension MessageSyncApp {
    /// The simulator's entry point: one app instance, which the center holds weakly as its delegate.
    static let entryPoint: RecipeEntryPoint = {
        let app = MessageSyncApp()
        return .app(launch: { center in app.didFinishLaunching(center: center) },
                    backgroundPush: { userInfo, center, completion in
                        app.didReceiveRemoteNotification(userInfo, center: center, completion: completion)
                    })
    }()
}
// snippet.show
