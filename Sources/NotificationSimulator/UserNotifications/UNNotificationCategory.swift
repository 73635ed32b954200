import Foundation

/// A type of notification the app declares, with its actions (Apple's `UNNotificationCategory`).
@available(iOS 10.0, *)
open class UNNotificationCategory: NSObject, NSCopying, @unchecked Sendable {
    /// The identifier, matched against `categoryIdentifier`.
    open private(set) var identifier: String
    /// The actions, in order.
    open private(set) var actions: [UNNotificationAction]
    /// The intent identifiers related to the category.
    open private(set) var intentIdentifiers: [String]
    /// The options.
    open private(set) var options: UNNotificationCategoryOptions
    /// The text shown instead of the body when previews are hidden.
    @available(iOS 11.0, *)
    open private(set) var hiddenPreviewsBodyPlaceholder: String
    /// The summary format for grouped notifications.
    @available(iOS 12.0, *)
    open private(set) var categorySummaryFormat: String

    init(checkedIdentifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
         placeholder: String?, summaryFormat: String?, options: UNNotificationCategoryOptions) {
        self.identifier = checkedIdentifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = placeholder ?? ""
        self.categorySummaryFormat = summaryFormat ?? ""
        self.options = options
        super.init()
    }

    /// Creates a category with actions and options.
    public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String], options: UNNotificationCategoryOptions = []) {
        self.init(checkedIdentifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers, placeholder: nil, summaryFormat: nil, options: options)
    }

    /// Creates a category with a placeholder for hidden previews.
    @available(iOS 11.0, *)
    public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                            hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []) {
        self.init(checkedIdentifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  placeholder: hiddenPreviewsBodyPlaceholder, summaryFormat: nil, options: options)
    }

    /// Creates a category with a placeholder and a summary format.
    @available(iOS 12.0, *)
    public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                            hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?, options: UNNotificationCategoryOptions = []) {
        self.init(checkedIdentifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  placeholder: hiddenPreviewsBodyPlaceholder, summaryFormat: categorySummaryFormat, options: options)
    }

    /// Categories are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// How notifications of a category behave.
@available(iOS 10.0, *)
public struct UNNotificationCategoryOptions: OptionSet, @unchecked Sendable {
    /// The raw bits.
    public var rawValue: UInt
    /// Creates options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Tell the delegate when the user dismisses the notification.
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    /// Allow the category in CarPlay.
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    /// Show the title when previews are hidden.
    @available(iOS 11.0, *)
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    /// Show the subtitle when previews are hidden.
    @available(iOS 11.0, *)
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
    /// Siri may read the category's notifications aloud; deprecated in iOS 15.
    @available(iOS, introduced: 13.0, deprecated: 15.0)
    public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)
}
