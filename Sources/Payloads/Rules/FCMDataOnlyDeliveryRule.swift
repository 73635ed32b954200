/// `fcm.data-only-delivery`: a data-only FCM message without `content-available` may never reach an app
/// in the background.
struct FCMDataOnlyDeliveryRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.data-only-delivery", severity: .warning,
        summary: "A data message (no notification, no alert) is accepted by FCM, as Firebase's own sample is, but iOS shows nothing for it; only with apns.payload.aps content-available 1 (apns-push-type background, apns-priority 5) is it delivered as a silent notification that wakes the app in the background, and Apple does not guarantee even that. Without it, what FCM sends to APNs is not documented: Pushbook's model delivers it to the app only when the app is running (a modelling choice).",
        source: "https://firebase.google.com/docs/cloud-messaging/ios/receive-messages ; " + RuleSource.fcmMessageTypes + " ; " + RuleSource.backgroundUpdates,
        confidence: .inference,
        example: #"{"message": {"token": "…", "data": {"Nick": "Mario"}}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a data-only message without `content-available: 1`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let message = input.fcm?.message, message.isDataOnly,
              input.payload.aps?.isContentAvailable != true else { return }
        let hasData = !message.data.isEmpty
        diagnostics.append(input.diagnostic(Self.description,
            "this is a data message\(hasData ? "" : " with no data"): iOS shows nothing, and without content-available it may never reach the app in the background; to wake the app add \"apns\": {\"headers\": {\"apns-push-type\": \"background\", \"apns-priority\": \"5\"}, \"payload\": {\"aps\": {\"content-available\": 1}}}, or send a notification",
            document: hasData ? "message.data" : "message", atKey: true))
    }
}
