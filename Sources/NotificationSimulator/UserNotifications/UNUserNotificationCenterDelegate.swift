import Foundation

/// The app's delegate for notifications (Apple's `UNUserNotificationCenterDelegate`).
///
/// Every requirement is optional on iOS; here each has a default that does nothing, and records that
/// the app did not implement it, so the device can tell "not implemented" from "implemented": a
/// notification that arrives in the foreground is silenced when the delegate is missing, or implements
/// neither form of `userNotificationCenter(_:willPresent:…)` (rule `ios.foreground-presentation`).
@available(iOS 10.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// Asks how to present a notification that arrives while the app is in the foreground.
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
    /// Asks how to present a notification that arrives while the app is in the foreground (async form).
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions
    /// Tells the app how the user responded to a notification.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    /// Tells the app how the user responded to a notification (async form).
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
    /// Asks the app to show its in-app notification settings.
    @available(iOS 12.0, *)
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

@available(iOS 10.0, *)
extension UNUserNotificationCenterDelegate {
    /// Not implemented: the handler is not called.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                       withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void) {
        SimulationContext.current?.noteUnimplementedDelegateMethod()
    }

    /// Not implemented: presents nothing.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
        SimulationContext.current?.noteUnimplementedDelegateMethod()
        return []
    }

    /// Not implemented: the handler is not called.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                       withCompletionHandler completionHandler: @escaping @Sendable () -> Void) {
        SimulationContext.current?.noteUnimplementedDelegateMethod()
    }

    /// Not implemented.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        SimulationContext.current?.noteUnimplementedDelegateMethod()
    }

    /// Not implemented.
    @available(iOS 12.0, *)
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        SimulationContext.current?.noteUnimplementedDelegateMethod()
    }
}
