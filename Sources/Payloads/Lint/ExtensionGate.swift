/// Whether iOS runs the Notification Service Extension for a payload that reached the device, and why
/// (`ios.extension-gate`, `ios.background-push-wakes-app`).
///
/// The simulated device takes its flags from here too, so the playground and the delivery records
/// cannot disagree. It reads the typed `APS` (the first member of a repeated key, `json.duplicate-key`):
/// `mutable-content` as the number 1 (`1.0` too, not `true` or `"1"`), alert text in a string alert
/// or in a title, subtitle or body (or their localization keys).
public struct ExtensionGate: Sendable, Equatable {
    /// Why the extension runs or not.
    public enum Reason: String, Sendable, Equatable {
        /// `mutable-content` is 1 and the alert has text.
        case runs
        /// APNs or FCM refuses the request: nothing reaches the device.
        case refused
        /// `content-available` 1 and nothing to show: a background push, which wakes the app.
        case backgroundPush = "background-push"
        /// No alert, badge or sound: iOS shows nothing.
        case nothingToShow = "nothing-to-show"
        /// `mutable-content` is not the number 1.
        case notMutable = "not-mutable"
        /// `mutable-content` is 1, but the alert has no text.
        case noAlertText = "no-alert-text"
        /// The push type is not a user notification (voip, liveactivity, widgets, …): it goes to PushKit,
        /// ActivityKit, WidgetKit, … (the push-type table), which show no notification and run no extension.
        case notANotification = "not-a-notification"
    }

    /// True when `aps.mutable-content` is the number 1 (`1.0` too; not `true`, not `"1"`).
    public var isMutable: Bool
    /// True when `aps.content-available` is the number 1.
    public var isContentAvailable: Bool
    /// True when the alert has text to show: a non-empty string alert, or a title, subtitle or body
    /// (or the localization key of one).
    public var hasAlertText: Bool
    /// True when the push shows, sounds or badges anything: alert text, a numeric badge or a sound.
    public var isVisible: Bool
    /// Why the extension runs or not.
    public var reason: Reason
    /// The push type the request declared, when it is one of Apple's.
    public var pushType: APNsPushType?

    /// True when iOS runs the extension.
    public var runs: Bool { reason == .runs }

    /// The catalogue entry that documents the reason.
    public var rule: String {
        switch reason {
        case .backgroundPush: "ios.background-push-wakes-app"
        case .notANotification: pushType.map { PushTypeProfile.profile(for: $0).description.id } ?? "ios.extension-gate"
        default: "ios.extension-gate"
        }
    }

    /// The gate for `payload` (the APNs payload that reaches the device) sent as `pushType`; `accepted` is
    /// false when APNs or FCM refuses it.
    public init(payload: JSONValue, accepted: Bool, pushType: APNsPushType? = nil) {
        self.pushType = pushType
        let aps = APNsPayload(json: payload).aps
        switch aps?.alert {
        case .text(let text)?: hasAlertText = !text.isEmpty
        case .dictionary(let alert)?: hasAlertText = alert.hasLiteralText || alert.hasLocalizationKey
        case nil: hasAlertText = false
        }
        isVisible = hasAlertText || aps?.badge != nil || aps?.sound != nil
        isMutable = aps?.isMutable ?? false
        isContentAvailable = aps?.isContentAvailable ?? false
        if !accepted {
            reason = .refused
        } else if let pushType, !PushTypeProfile.profile(for: pushType).isUserNotification, pushType != .background {
            reason = .notANotification
        } else if !isVisible {
            reason = isContentAvailable ? .backgroundPush : .nothingToShow
        } else if !isMutable {
            reason = .notMutable
        } else {
            reason = hasAlertText ? .runs : .noAlertText
        }
    }

    /// One sentence for a person.
    public var explanation: String {
        switch reason {
        case .runs:
            "mutable-content is 1 and the alert has text, so iOS runs the Notification Service Extension, which has about 30 seconds to change the notification before it is shown."
        case .refused:
            "APNs or FCM refuses the request (see the errors), so nothing reaches the device and no extension runs."
        case .backgroundPush:
            "This is a background push (content-available 1 and no alert, badge or sound): iOS wakes the app if it has the Remote notifications background mode, shows nothing and never runs the extension."
        case .nothingToShow:
            "There is no alert, badge or sound, so iOS shows nothing and runs no extension."
        case .notMutable:
            "mutable-content is not the number 1, so iOS shows the notification as sent, without running the extension."
        case .notANotification:
            "This apns-push-type goes to \(pushType.map { PushTypeProfile.profile(for: $0).receiver.name } ?? "another part of the app"), not to the notification system: iOS shows no notification for it and never runs the Notification Service Extension."
        case .noAlertText:
            "mutable-content is 1 but the alert has no title, subtitle or body, so iOS does not run the extension."
        }
    }
}
