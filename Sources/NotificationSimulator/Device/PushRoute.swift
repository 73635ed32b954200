import Payloads

/// Which part of the app a push goes to, following the push-type table (`PushTypeProfile`).
///
/// `alert` and `background` pushes, and pushes without `apns-push-type`, go by their payload, as iOS
/// does: visible content goes to the notification system, anything else to the app in the background.
/// Every other push type goes to its own receiver (PushKit, ActivityKit, …), which shows no
/// notification and runs no service extension.
struct PushRoute: Sendable, Equatable {
    /// The receiver.
    let receiver: PushReceiver
    /// The push type the request declared, when it is one of Apple's.
    let pushType: APNsPushType?

    /// The route of a request with `headers` whose payload is visible (`isVisible`) or not.
    init(headers: APNsHeaders, isVisible: Bool) {
        pushType = headers.pushType
        if let pushType, pushType != .alert, pushType != .background {
            receiver = PushTypeProfile.profile(for: pushType).receiver
        } else {
            receiver = isVisible ? .userNotifications : .app
        }
    }

    /// True when the push is handed to something other than the notification system or the app's delegate.
    var bypassesNotifications: Bool { receiver != .userNotifications && receiver != .app }

    /// The note a record gets for a push that bypasses the notification system: who got it, and that
    /// nothing was shown and no service extension ran (the push-type table's entry).
    func note(hasExtension: Bool) -> Diagnostic? {
        guard bypassesNotifications, let pushType else { return nil }
        let profile = PushTypeProfile.profile(for: pushType)
        var message = "apns-push-type \(pushType.rawValue): iOS hands the push to \(receiver.name); the user sees \(profile.userSees)"
        message += hasExtension ? ", and the Notification Service Extension does not run" : ""
        return Diagnostic(rule: profile.description.id, severity: .note, message: message)
    }
}
