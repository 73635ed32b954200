import Foundation

/// How to present a notification while the app is in the foreground.
@available(iOS 10.0, *)
public struct UNNotificationPresentationOptions: OptionSet, @unchecked Sendable {
    /// The raw bits.
    public var rawValue: UInt
    /// Creates options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Apply the badge.
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    /// Play the sound.
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    /// Show as an alert: the banner and the list, before iOS 14.
    @available(iOS, introduced: 10.0, deprecated: 14.0, message: "Use list or banner")
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    /// Show in Notification Center.
    @available(iOS 14.0, *)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    /// Show as a banner.
    @available(iOS 14.0, *)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)

    /// The option names, for the record; the deprecated `alert` counts as banner and list.
    var names: [String] {
        let alert = contains(UNNotificationPresentationOptions(rawValue: 1 << 2))
        var names: [String] = []
        if contains(.badge) { names.append("badge") }
        if contains(.banner) || alert { names.append("banner") }
        if contains(.list) || alert { names.append("list") }
        if contains(.sound) { names.append("sound") }
        return names
    }
}
