import Foundation

/// The app's notification settings (Apple's `UNNotificationSettings`), as the simulated user left
/// them: notifications allowed, with alerts, sounds and badges (rule `ios.authorization-granted`).
@available(iOS 10.0, *)
open class UNNotificationSettings: NSObject, NSCopying, @unchecked Sendable {
    /// Whether the app may show notifications.
    open private(set) var authorizationStatus: UNAuthorizationStatus
    /// Whether notifications play sounds.
    open private(set) var soundSetting: UNNotificationSetting
    /// Whether notifications badge the app icon.
    open private(set) var badgeSetting: UNNotificationSetting
    /// Whether notifications show alerts.
    open private(set) var alertSetting: UNNotificationSetting
    /// Whether notifications appear in Notification Center.
    open private(set) var notificationCenterSetting: UNNotificationSetting
    /// Whether notifications appear on the Lock Screen.
    open private(set) var lockScreenSetting: UNNotificationSetting
    /// Whether notifications appear in CarPlay.
    open private(set) var carPlaySetting: UNNotificationSetting
    /// The alert style.
    open private(set) var alertStyle: UNAlertStyle
    /// When previews are shown.
    @available(iOS 11.0, *)
    open private(set) var showPreviewsSetting: UNShowPreviewsSetting
    /// Whether critical alerts are allowed.
    @available(iOS 12.0, *)
    open private(set) var criticalAlertSetting: UNNotificationSetting
    /// Whether the app asked to offer its own notification settings.
    @available(iOS 12.0, *)
    open private(set) var providesAppNotificationSettings: Bool
    /// Whether time-sensitive notifications are allowed.
    @available(iOS 15.0, *)
    open private(set) var timeSensitiveSetting: UNNotificationSetting
    /// Whether the scheduled summary applies.
    @available(iOS 15.0, *)
    open private(set) var scheduledDeliverySetting: UNNotificationSetting
    /// Whether communication notifications from direct messages may break through.
    @available(iOS 15.0, *)
    open private(set) var directMessagesSetting: UNNotificationSetting
    /// Whether Siri can announce the app's notifications (the simulated device has no such accessory).
    @available(iOS 13.0, *)
    open private(set) var announcementSetting: UNNotificationSetting

    init(status: UNAuthorizationStatus, enabled: UNNotificationSetting) {
        authorizationStatus = status
        soundSetting = enabled
        badgeSetting = enabled
        alertSetting = enabled
        notificationCenterSetting = enabled
        lockScreenSetting = enabled
        carPlaySetting = .notSupported
        alertStyle = .banner
        showPreviewsSetting = .always
        criticalAlertSetting = .notSupported
        providesAppNotificationSettings = false
        timeSensitiveSetting = .notSupported
        scheduledDeliverySetting = .disabled
        directMessagesSetting = .notSupported
        announcementSetting = .notSupported
        super.init()
    }

    /// The settings the simulated user chose.
    convenience init(settings: DeviceSettings) {
        self.init(status: settings.authorizationStatus, enabled: .enabled)
        soundSetting = settings.soundSetting
        badgeSetting = settings.badgeSetting
        alertSetting = settings.alertSetting
        notificationCenterSetting = settings.notificationCenterSetting
        lockScreenSetting = settings.lockScreenSetting
        criticalAlertSetting = settings.criticalAlertSetting
        timeSensitiveSetting = settings.timeSensitiveSetting
        scheduledDeliverySetting = settings.scheduledDeliverySetting
        if settings.alertSetting != .enabled { alertStyle = .none }
    }

    /// The settings of the simulated device: allowed, with alerts, sounds and badges.
    static let allowed = UNNotificationSettings(status: .authorized, enabled: .enabled)

    /// Settings are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Whether the app may show notifications.
@available(iOS 10.0, *)
public enum UNAuthorizationStatus: Int, @unchecked Sendable {
    /// The user has not been asked.
    case notDetermined = 0
    /// The user refused.
    case denied = 1
    /// The user allowed notifications.
    case authorized = 2
    /// Allowed quietly, until the user decides.
    @available(iOS 12.0, *)
    case provisional = 3
    /// Allowed for a limited time (App Clips).
    @available(iOS 14.0, *)
    case ephemeral = 4
}

/// The state of one notification setting.
@available(iOS 10.0, *)
public enum UNNotificationSetting: Int, @unchecked Sendable {
    /// Not available to this app.
    case notSupported = 0
    /// Turned off.
    case disabled = 1
    /// Turned on.
    case enabled = 2
}

/// How alerts are shown.
@available(iOS 10.0, *)
public enum UNAlertStyle: Int, @unchecked Sendable {
    /// No alert.
    case none = 0
    /// A banner that goes away.
    case banner = 1
    /// An alert that stays until dismissed.
    case alert = 2
}

/// When notification previews are shown.
@available(iOS 11.0, *)
public enum UNShowPreviewsSetting: Int, @unchecked Sendable {
    /// Always.
    case always = 0
    /// Only when the device is unlocked.
    case whenAuthenticated = 1
    /// Never.
    case never = 2
}
