import Foundation

/// How a recipe's code is run: as a Notification Service Extension, or as app code that adds
/// local notifications, or as an app that presents notifications in the foreground.
public enum RecipeEntryPoint: @unchecked Sendable {
    /// A Notification Service Extension; the closure makes a fresh instance for each push.
    case serviceExtension(() -> UNNotificationServiceExtension)
    /// App code that builds local notifications from an example's arguments and adds them to the center.
    case localNotifications((_ arguments: [String: Any], _ center: UNUserNotificationCenter) -> Void)
    /// An app in the foreground: it sets the center's delegate, and may add its own notifications
    /// when a push arrives (as `firebase_messaging`'s `onMessage` handlers do).
    case foregroundApp(setUp: (UNUserNotificationCenter) -> Void,
                       didReceiveRemoteMessage: ((_ userInfo: [AnyHashable: Any], _ center: UNUserNotificationCenter) -> Void)?)
}
