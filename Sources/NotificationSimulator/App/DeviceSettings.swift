import Foundation
import Payloads

/// The notification settings the simulated user chose for the app (`--settings FILE`, or
/// `settings.json` in a recipe's app folder): Apple's `UNNotificationSettings` values.
///
/// The file is a JSON object whose keys are the property names of `UNNotificationSettings` and whose
/// values are Apple's case names: `{"authorizationStatus": "provisional", "soundSetting": "disabled"}`.
/// A setting the file leaves out is `enabled` (Apple: `notificationCenterSetting` defaults to enabled).
public struct DeviceSettings: Sendable, Equatable {
    /// `authorizationStatus`.
    public var authorizationStatus: UNAuthorizationStatus
    /// `alertSetting`: banners and alerts.
    public var alertSetting: UNNotificationSetting
    /// `soundSetting`.
    public var soundSetting: UNNotificationSetting
    /// `badgeSetting`.
    public var badgeSetting: UNNotificationSetting
    /// `lockScreenSetting`.
    public var lockScreenSetting: UNNotificationSetting
    /// `notificationCenterSetting`.
    public var notificationCenterSetting: UNNotificationSetting
    /// `criticalAlertSetting` (critical sounds also need Apple's entitlement).
    public var criticalAlertSetting: UNNotificationSetting
    /// `timeSensitiveSetting` (iOS 15): whether the user lets the app's time-sensitive notifications break through a Focus.
    public var timeSensitiveSetting: UNNotificationSetting = .enabled
    /// `scheduledDeliverySetting` (iOS 15): enabled when the user chose the Scheduled Summary for the
    /// app; its passive and active notifications then wait for the summary. Disabled unless the file says so.
    public var scheduledDeliverySetting: UNNotificationSetting = .disabled
    /// Whether a Focus is on (Pushbook's own key `focus`, "on" or "off": iOS does not tell an app about Focus).
    public var focus = false

    /// Creates settings; everything allowed by default.
    public init(authorizationStatus: UNAuthorizationStatus = .authorized, alertSetting: UNNotificationSetting = .enabled,
                soundSetting: UNNotificationSetting = .enabled, badgeSetting: UNNotificationSetting = .enabled,
                lockScreenSetting: UNNotificationSetting = .enabled, notificationCenterSetting: UNNotificationSetting = .enabled,
                criticalAlertSetting: UNNotificationSetting = .enabled) {
        self.authorizationStatus = authorizationStatus
        self.alertSetting = alertSetting
        self.soundSetting = soundSetting
        self.badgeSetting = badgeSetting
        self.lockScreenSetting = lockScreenSetting
        self.notificationCenterSetting = notificationCenterSetting
        self.criticalAlertSetting = criticalAlertSetting
    }

    /// The id of the diagnostics about a settings file that cannot be used.
    public static let rule = "settings.file"

    /// The file name a recipe's app folder may carry.
    public static let fileName = "settings.json"

    /// The keys a settings file may have, in help order.
    public static let keys = ["authorizationStatus", "alertSetting", "soundSetting", "badgeSetting", "lockScreenSetting",
                              "notificationCenterSetting", "criticalAlertSetting", "timeSensitiveSetting", "scheduledDeliverySetting", "focus"]

    /// Reads a settings file; `shown` names it in diagnostics.
    public static func load(from url: URL, displayPath: String? = nil) throws(Diagnostic) -> DeviceSettings {
        let shown = displayPath ?? url.path
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Diagnostic(file: shown, rule: rule, message: "cannot read the settings file")
        }
        return try parse([UInt8](data), shown: shown)
    }

    /// Reads the bytes of a settings file.
    public static func parse(_ bytes: [UInt8], shown: String) throws(Diagnostic) -> DeviceSettings {
        let root: JSONValue
        switch JSONReader.parse(bytes) {
        case .success(let value): root = value
        case .failure(let error): throw Diagnostic(file: shown, location: error.location, rule: rule, message: error.message)
        }
        guard let members = root.members else {
            throw Diagnostic(file: shown, location: root.location, rule: rule, message: "a settings file is a JSON object, for example {\"authorizationStatus\": \"denied\"}")
        }
        var settings = DeviceSettings()
        var seen: [String: Int] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                throw Diagnostic(file: shown, location: member.keyLocation, rule: rule, message: "unknown key '\(member.key)' (expected \(keys.joined(separator: ", ")))")
            }
            if let line = seen[member.key] {
                throw Diagnostic(file: shown, location: member.keyLocation, rule: rule, message: "'\(member.key)' is given twice (first on line \(line))")
            }
            seen[member.key] = member.keyLocation.line
            guard let name = member.value.stringValue else {
                throw Diagnostic(file: shown, location: member.value.location, rule: rule, message: "'\(member.key)' must be a string naming Apple's case")
            }
            if member.key == "focus" {
                guard name == "on" || name == "off" else {
                    throw Diagnostic(file: shown, location: member.value.location, rule: rule, message: "focus '\(name)' is not one of on, off")
                }
                settings.focus = name == "on"
                continue
            }
            if member.key == "authorizationStatus" {
                guard let status = UNAuthorizationStatus(settingsName: name) else {
                    throw Diagnostic(file: shown, location: member.value.location, rule: rule,
                                     message: "authorizationStatus '\(name)' is not one of \(UNAuthorizationStatus.settingsNames.joined(separator: ", "))")
                }
                settings.authorizationStatus = status
                continue
            }
            guard let value = UNNotificationSetting(settingsName: name) else {
                throw Diagnostic(file: shown, location: member.value.location, rule: rule,
                                 message: "\(member.key) '\(name)' is not one of enabled, disabled, notSupported")
            }
            switch member.key {
            case "alertSetting": settings.alertSetting = value
            case "soundSetting": settings.soundSetting = value
            case "badgeSetting": settings.badgeSetting = value
            case "lockScreenSetting": settings.lockScreenSetting = value
            case "notificationCenterSetting": settings.notificationCenterSetting = value
            case "timeSensitiveSetting": settings.timeSensitiveSetting = value
            case "scheduledDeliverySetting": settings.scheduledDeliverySetting = value
            default: settings.criticalAlertSetting = value
            }
        }
        return settings
    }

    /// What iOS does with a visible push under these settings (catalogue entries `ios.settings-*`).
    public var verdict: SettingsVerdict { SettingsVerdict(self) }

    /// Where a delivered notification at `level` appears under these settings, narrowed from the
    /// settings' own `places` (rule `ios.interruption-level-focus`): a passive one goes to the
    /// notification list without lighting the screen or playing a sound; in a Focus an active one is
    /// silenced (listed in Notification Center only), a time-sensitive one breaks through unless the
    /// user turned that off, and a critical one always does. With the Scheduled Summary chosen
    /// (`scheduledDeliverySetting` enabled), a passive or active one, or a time-sensitive one the
    /// user does not allow, waits for the next summary (`DeviceSettings.summaryPlace`) instead, and
    /// a time-sensitive or critical one breaks through it. Nil when the level changes nothing.
    public func interruption(level: APNsInterruptionLevel, places: [String]) -> (places: [String], silenced: Bool, note: String)? {
        let listed = places.filter { $0 == "notificationCenter" }
        if scheduledDeliverySetting == .enabled, !places.isEmpty {
            let allowedThrough = level == .critical || (level == .timeSensitive && timeSensitiveSetting == .enabled)
            guard allowedThrough else {
                return ([Self.summaryPlace], true, "the user chose the Scheduled Summary for the app (scheduledDeliverySetting enabled): iOS holds this \(level.rawValue) notification for the next summary (no banner, no sound), which features the app's notification with the highest relevanceScore")
            }
            if !focus {
                return (places, false, "the user chose the Scheduled Summary for the app: this \(level.rawValue) notification breaks through it and is delivered at once")
            }
        }
        switch level {
        case .passive:
            return (listed, true, "interruption level passive: iOS adds the notification to the list in Notification Center without lighting up the screen or playing a sound")
        case .active where focus:
            return (listed, true, "a Focus is on: iOS silences this active notification (Notification Center only, no banner, no sound); only a time-sensitive or critical one breaks through")
        case .timeSensitive where focus:
            guard timeSensitiveSetting == .enabled else {
                return (listed, true, "a Focus is on and the user turned off time-sensitive notifications for the app (timeSensitiveSetting \(timeSensitiveSetting.settingsName)): iOS silences it like an active one")
            }
            return (places, false, "a Focus is on: this time-sensitive notification breaks through it (the user allows time-sensitive notifications for the app)")
        case .critical where focus:
            return (places, false, "a Focus is on: a critical alert breaks through it")
        default:
            return nil
        }
    }
}

extension DeviceSettings {
    /// The place of a notification held for the Scheduled Summary (the record's `settings.shownIn`).
    public static let summaryPlace = "scheduledSummary"
}

/// What the settings let a visible notification do: decided once here, read by the device and the record.
public struct SettingsVerdict: Sendable, Equatable {
    /// False when nothing is delivered (denied, not determined, or no place enabled to show it).
    public var delivers: Bool
    /// True when the service extension may run (Apple: not when alerts are disabled).
    public var runsExtension: Bool
    /// Where the notification appears: `banner`, `lockScreen`, `notificationCenter`.
    public var places: [String]
    /// True when its sound plays.
    public var playsSound: Bool
    /// True when its badge is applied.
    public var appliesBadge: Bool
    /// The catalogue entry that explains the verdict, and why, when the settings change anything.
    public var reason: Reason?

    /// A catalogue entry and the sentence for this case.
    public struct Reason: Sendable, Equatable {
        /// The entry's id (`ios.settings-denied`, …).
        public var rule: String
        /// What happened.
        public var message: String
    }

    init(_ s: DeviceSettings) {
        switch s.authorizationStatus {
        case .denied, .notDetermined:
            delivers = false; runsExtension = false; places = []; playsSound = false; appliesBadge = false
            reason = Reason(rule: "ios.settings-denied", message: s.authorizationStatus == .denied
                ? "notifications are denied for this app (authorizationStatus denied): iOS delivers nothing and does not run the service extension"
                : "the user has not been asked (authorizationStatus notDetermined): the app is not authorized, so iOS delivers nothing and does not run the service extension")
            return
        case .provisional:
            let listed = s.notificationCenterSetting != .disabled
            delivers = listed; runsExtension = listed; places = listed ? ["notificationCenter"] : []
            playsSound = false; appliesBadge = false
            reason = Reason(rule: "ios.settings-provisional", message: "provisional authorization: iOS delivers the notification quietly, only to Notification Center's history (no banner, no sound, no Lock Screen, no badge), with Keep and Turn Off buttons")
            return
        case .authorized, .ephemeral:
            break
        }
        var places: [String] = []
        if s.alertSetting == .enabled { places.append("banner") }
        if s.lockScreenSetting != .disabled { places.append("lockScreen") }
        if s.notificationCenterSetting != .disabled { places.append("notificationCenter") }
        playsSound = s.soundSetting == .enabled
        appliesBadge = s.badgeSetting == .enabled
        runsExtension = s.alertSetting == .enabled
        if s.alertSetting != .enabled {
            // Alerts off: Apple does not employ the extension; Notification Center may still list it.
            places.removeAll { $0 == "lockScreen" }
        }
        delivers = !places.isEmpty
        self.places = places
        var notes: [String] = []
        if s.alertSetting != .enabled {
            notes.append(delivers
                ? "alerts are off (alertSetting \(s.alertSetting.settingsName)): iOS does not run the service extension and lists the original content in Notification Center only"
                : "alerts are off and Notification Center is off: iOS shows nothing and does not run the service extension")
        } else if s.lockScreenSetting == .disabled || s.notificationCenterSetting == .disabled {
            notes.append("shown as a banner\(places.contains("lockScreen") ? " and on the Lock Screen" : "")\(places.contains("notificationCenter") ? " and in Notification Center" : ""), as the settings allow")
        }
        if !playsSound { notes.append("sounds are off (soundSetting \(s.soundSetting.settingsName)): iOS ignores the sound") }
        if !appliesBadge { notes.append("badges are off (badgeSetting \(s.badgeSetting.settingsName)): iOS ignores the badge") }
        let rule = s.alertSetting != .enabled ? "ios.settings-alerts-off"
            : !playsSound ? "ios.settings-sound-off"
            : !appliesBadge ? "ios.settings-badge-off"
            : (s.lockScreenSetting == .disabled || s.notificationCenterSetting == .disabled) ? "ios.settings-places" : nil
        reason = rule.map { Reason(rule: $0, message: notes.joined(separator: "; ")) }
    }
}

extension UNAuthorizationStatus {
    /// Apple's case names, as a settings file writes them.
    static let settingsNames = ["notDetermined", "denied", "authorized", "provisional", "ephemeral"]

    /// The status named `name` (Apple's case name).
    init?(settingsName name: String) {
        switch name {
        case "notDetermined": self = .notDetermined
        case "denied": self = .denied
        case "authorized": self = .authorized
        case "provisional": self = .provisional
        case "ephemeral": self = .ephemeral
        default: return nil
        }
    }

    /// Apple's case name.
    var settingsName: String { Self.settingsNames[rawValue] }
}

extension UNNotificationSetting {
    /// The setting named `name` (Apple's case name).
    init?(settingsName name: String) {
        switch name {
        case "notSupported": self = .notSupported
        case "disabled": self = .disabled
        case "enabled": self = .enabled
        default: return nil
        }
    }

    /// Apple's case name.
    var settingsName: String { ["notSupported", "disabled", "enabled"][rawValue] }
}
