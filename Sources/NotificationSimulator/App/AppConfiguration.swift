import Foundation
import Payloads

/// What the simulated app is allowed to do, read from its real `.entitlements` and `Info.plist` files.
public struct AppConfiguration: Sendable, Equatable {
    /// The app's name, shown in previews.
    public var displayName: String
    /// The entitlement keys whose value is true (or a non-empty array).
    public var entitlements: Set<String>
    /// The App Groups of `com.apple.security.application-groups`, in the entitlements' order.
    public var appGroups: [String] = []
    /// `NSUserActivityTypes` from Info.plist.
    public var userActivityTypes: [String]
    /// `UIBackgroundModes` from Info.plist.
    public var backgroundModes: [String]
    /// Whether the app is in the foreground when the push arrives.
    public var isInForeground: Bool
    /// The user's notification settings, or nil for the default (everything allowed, not recorded).
    public var settings: DeviceSettings?
    /// The app's `Localizable.strings`, or nil when none was given.
    public var strings: LocalizableStrings?

    /// The entitlement of the Communication Notifications capability.
    public static let communicationEntitlement = "com.apple.developer.usernotifications.communication"
    /// The entitlement that lets a service extension hide a notification by handing over empty content.
    public static let filteringEntitlement = "com.apple.developer.usernotifications.filtering"
    /// The entitlement of the Time Sensitive Notifications capability.
    public static let timeSensitiveEntitlement = "com.apple.developer.usernotifications.time-sensitive"
    /// The entitlement listing the app's App Groups (an array of group identifiers).
    public static let appGroupsEntitlement = "com.apple.security.application-groups"
    /// The Apple-granted entitlement for critical alerts.
    public static let criticalAlertsEntitlement = "com.apple.developer.usernotifications.critical-alerts"

    /// Creates a configuration.
    public init(displayName: String = "App", entitlements: Set<String> = [], userActivityTypes: [String] = [],
                backgroundModes: [String] = [], isInForeground: Bool = false) {
        self.displayName = displayName
        self.entitlements = entitlements
        self.userActivityTypes = userActivityTypes
        self.backgroundModes = backgroundModes
        self.isInForeground = isInForeground
    }

    /// An app with no capabilities, in the background.
    public static let plain = AppConfiguration()

    /// True when iOS styles message intents as communication notifications for this app
    /// (entitlement plus `NSUserActivityTypes` listing `INSendMessageIntent`, domain-rules §4.1–4.3).
    public var allowsCommunicationNotifications: Bool {
        entitlements.contains(Self.communicationEntitlement) && userActivityTypes.contains("INSendMessageIntent")
    }

    /// True when background pushes wake the app (Background Modes: Remote notifications).
    public var wakesForRemoteNotifications: Bool { backgroundModes.contains("remote-notification") }

    /// The id of the diagnostics about a property list that cannot be used.
    public static let rule = "app.property-list"

    /// Reads the entitlements and Info.plist files (XML property lists, as Xcode writes them); either may be nil.
    public static func load(entitlements: URL?, infoPlist: URL?, displayEntitlements: String? = nil, displayInfoPlist: String? = nil) throws(Diagnostic) -> AppConfiguration {
        func read(_ url: URL?, _ shown: String?) throws(Diagnostic) -> Data? {
            guard let url else { return nil }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw Diagnostic(file: shown ?? url.path, rule: rule, message: "cannot read the property list")
            }
            return data
        }
        return try parse(entitlements: read(entitlements, displayEntitlements), infoPlist: read(infoPlist, displayInfoPlist),
                         displayEntitlements: displayEntitlements ?? entitlements?.path ?? "App.entitlements",
                         displayInfoPlist: displayInfoPlist ?? infoPlist?.path ?? "Info.plist")
    }

    /// Reads the bytes of the entitlements and Info.plist files; either may be nil.
    ///
    /// An entitlement is granted when its value is `<true/>`, a non-empty array, or a non-empty
    /// string (such as `aps-environment`), except that the capability entitlements Apple defines as
    /// Booleans (`booleanEntitlements`) count only as `<true/>`: `<string>false</string>` or
    /// `<integer>1</integer>` there grants nothing, as on a device.
    public static func parse(entitlements: Data?, infoPlist: Data?, displayEntitlements: String = "App.entitlements",
                             displayInfoPlist: String = "Info.plist") throws(Diagnostic) -> AppConfiguration {
        var configuration = AppConfiguration()
        if let entitlements {
            let dictionary = try parsePlist(entitlements, shown: displayEntitlements)
            for (key, value) in dictionary where isGranted(value, boolean: booleanEntitlements.contains(key)) {
                configuration.entitlements.insert(key)
            }
            configuration.appGroups = (dictionary[appGroupsEntitlement] as? [Any] ?? []).compactMap { $0 as? String }
        }
        if let infoPlist {
            let dictionary = try parsePlist(infoPlist, shown: displayInfoPlist)
            configuration.apply(infoPlist: dictionary)
        }
        return configuration
    }

    /// The capability entitlements whose value is a Boolean in Apple's documentation.
    public static let booleanEntitlements: Set<String> = [communicationEntitlement, filteringEntitlement, timeSensitiveEntitlement, criticalAlertsEntitlement]

    /// Takes the app's name, activity types and background modes from an Info.plist dictionary.
    private mutating func apply(infoPlist dictionary: [String: Any]) {
        userActivityTypes = dictionary["NSUserActivityTypes"] as? [String] ?? []
        backgroundModes = dictionary["UIBackgroundModes"] as? [String] ?? []
        if let name = (dictionary["CFBundleDisplayName"] ?? dictionary["CFBundleName"]) as? String, !name.isEmpty {
            displayName = name
        }
    }

    /// True when a plist value grants its entitlement (see `parse`).
    private static func isGranted(_ value: Any, boolean: Bool) -> Bool {
        // A plist <true/> is a Boolean NSNumber (objCType "c"); <integer>1</integer> is not.
        if let number = value as? NSNumber, !(value is String) {
            return String(cString: number.objCType) == "c" && number.boolValue
        }
        if boolean { return false }
        if let list = value as? [Any] { return !list.isEmpty }
        if let text = value as? String { return !text.isEmpty }
        return false
    }

    private static func parsePlist(_ data: Data, shown: String) throws(Diagnostic) -> [String: Any] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Diagnostic(file: shown, rule: rule, message: "not a valid property list (\(error.localizedDescription))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw Diagnostic(file: shown, rule: rule, message: "the property list's root must be a dictionary")
        }
        return dictionary
    }
}
