import Foundation

/// A button shown with a notification (Apple's `UNNotificationAction`).
@available(iOS 10.0, *)
open class UNNotificationAction: NSObject, NSCopying, @unchecked Sendable {
    /// The identifier the app receives when the user chooses the action.
    open private(set) var identifier: String
    /// The button's title.
    open private(set) var title: String
    /// The options.
    open private(set) var options: UNNotificationActionOptions
    /// The icon.
    @available(iOS 15.0, *)
    @NSCopying open private(set) var icon: UNNotificationActionIcon?

    init(checkedIdentifier: String, title: String, options: UNNotificationActionOptions, icon: UNNotificationActionIcon?) {
        self.identifier = checkedIdentifier
        self.title = title
        self.options = options
        self.icon = icon
        super.init()
    }

    /// Creates an action.
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(checkedIdentifier: identifier, title: title, options: options, icon: nil)
    }

    /// Creates an action with an icon.
    @available(iOS 15.0, *)
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?) {
        self.init(checkedIdentifier: identifier, title: title, options: options, icon: icon)
    }

    /// Actions are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// How an action behaves.
@available(iOS 10.0, *)
public struct UNNotificationActionOptions: OptionSet, @unchecked Sendable {
    /// The raw bits.
    public var rawValue: UInt
    /// Creates options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The device must be unlocked.
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    /// Shown as destructive.
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    /// Opens the app.
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// The icon of an action (Apple's `UNNotificationActionIcon`).
@available(iOS 15.0, *)
open class UNNotificationActionIcon: NSObject, NSCopying, @unchecked Sendable {
    /// The image's name.
    let name: String
    /// True for an SF Symbol.
    let isSystemImage: Bool

    init(name: String, isSystemImage: Bool) {
        self.name = name
        self.isSystemImage = isSystemImage
        super.init()
    }

    /// An icon from a template image in the app's asset catalog.
    public convenience init(templateImageName: String) {
        self.init(name: templateImageName, isSystemImage: false)
    }

    /// An icon from an SF Symbol.
    public convenience init(systemImageName: String) {
        self.init(name: systemImageName, isSystemImage: true)
    }

    /// Icons are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
