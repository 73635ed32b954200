import Foundation

/// How a recipe's code is run: as a Notification Service Extension, or as app code that adds
/// local notifications, or as an app that presents notifications in the foreground, or as an app
/// in the background that answers what the user does with its notifications.
public enum RecipeEntryPoint: @unchecked Sendable {
    /// A Notification Service Extension; the closure makes a fresh instance for each push.
    case serviceExtension(() -> UNNotificationServiceExtension)
    /// App code that builds local notifications from an example's arguments and adds them to the center.
    case localNotifications((_ arguments: [String: Any], _ center: UNUserNotificationCenter) -> Void)
    /// An app in the foreground: it sets the center's delegate, and may add its own notifications
    /// when a push arrives (as `firebase_messaging`'s `onMessage` handlers do).
    case foregroundApp(setUp: (UNUserNotificationCenter) -> Void,
                       didReceiveRemoteMessage: ((_ userInfo: [AnyHashable: Any], _ center: UNUserNotificationCenter) -> Void)?)
    /// An app that is not in the foreground when pushes arrive: `launch` is its launch code (it registers
    /// the categories and sets the center's delegate, which gets the user's answers); `serviceExtension`,
    /// if any, is its Notification Service Extension; `backgroundPush`, if any, is what its
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` does with a background push
    /// (the payload, the center, and the completion handler it must call).
    case app(launch: (UNUserNotificationCenter) -> Void, serviceExtension: (() -> UNNotificationServiceExtension)? = nil,
             backgroundPush: ((_ userInfo: [AnyHashable: Any], _ center: UNUserNotificationCenter, _ completion: @escaping () -> Void) -> Void)? = nil)
}
