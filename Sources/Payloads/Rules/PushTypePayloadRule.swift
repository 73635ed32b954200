/// `apns.push-type-payload`: the payload does not fit the push type: alert keys in a push that is
/// not a user notification, or a widget or control reload without `content-changed`.
struct PushTypePayloadRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.push-type-payload", severity: .warning,
        summary: "The payload must reflect the push type (\"may return an error, delay the delivery … or drop it altogether\" otherwise). A push that is not a user notification (voip, location, complication, fileprovider, mdm, pushtotalk, widgets, controls) shows no alert, plays no sound and sets no badge, and its mutable-content runs no service extension; a widgets or controls push carries {\"aps\": {\"content-changed\": true}}.",
        source: RuleSource.sendingRequests + " ; https://developer.apple.com/documentation/pushkit/pkpushtype/voip ; https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications",
        confidence: .apple,
        example: #"apns-push-type: voip with {"aps": {"alert": "Incoming call", "mutable-content": 1}}"#)
    /// Creates the rule.
    public init() {}

    /// Reports user-notification keys outside user notifications, and a reload without `content-changed`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, let pushType = input.pushType else { return }
        let profile = PushTypeProfile.profile(for: pushType)
        // Background pushes have `apns.background-push-shape`; Live Activities use alert and sound themselves.
        guard !profile.isUserNotification, pushType != .background, pushType != .liveactivity else { return }
        for m in input.apsMembers ?? [] where ["alert", "badge", "sound", "mutable-content"].contains(m.key) {
            let effect = m.key == "mutable-content" ? "runs no service extension" : "is not shown or played"
            diagnostics.append(input.diagnostic(Self.description,
                "aps.\(m.key) \(effect): an apns-push-type \(pushType.rawValue) push goes to \(profile.receiver.name), not to the notification system\(pushType == .voip ? "; report the call to CallKit from pushRegistry(_:didReceiveIncomingPushWith:for:completion:)" : "")",
                payload: LintContext.apsPath.appending(m.key), atKey: true))
        }
        if pushType == .widgets || pushType == .controls, input.payload.aps?.contentChanged != true {
            diagnostics.append(input.diagnostic(Self.description,
                "a \(pushType.rawValue) push carries {\"aps\": {\"content-changed\": true}}, which tells WidgetKit to reload; add it",
                payload: LintContext.apsPath, atKey: true))
        }
    }
}
