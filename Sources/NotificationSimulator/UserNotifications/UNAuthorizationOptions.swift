import Foundation

/// What the app asks permission for (Apple's `UNAuthorizationOptions`).
@available(iOS 10.0, *)
public struct UNAuthorizationOptions: OptionSet, @unchecked Sendable {
    /// The raw bits.
    public var rawValue: UInt
    /// Creates options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Badges on the app icon.
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    /// Sounds.
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    /// Alerts.
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    /// Notifications in CarPlay.
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    /// Critical alerts (needs Apple's entitlement).
    @available(iOS 12.0, *)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    /// A button for the app's own notification settings.
    @available(iOS 12.0, *)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    /// Provisional authorization: quiet notifications without asking.
    @available(iOS 12.0, *)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
    /// Siri may announce the app's notifications; deprecated in iOS 15, where it no longer needs asking.
    @available(iOS, introduced: 13.0, deprecated: 15.0)
    public static let announcement = UNAuthorizationOptions(rawValue: 1 << 7)
}
