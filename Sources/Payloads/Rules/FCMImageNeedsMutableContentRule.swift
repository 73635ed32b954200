/// `fcm.image-needs-mutable-content`: an FCM image without `mutable-content: 1` is never downloaded.
struct FCMImageNeedsMutableContentRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.image-needs-mutable-content", severity: .warning,
        summary: "On iOS the image of notification.image or apns.fcm_options.image is downloaded by your service extension (FIRMessagingExtensionHelper), which only runs with apns.payload.aps.mutable-content: 1. Pushbook models that FCM does not add the flag itself (not documented either way).",
        source: RuleSource.extensionHelper, confidence: .inference,
        example: #"{"message": {"token": "…", "notification": {"title": "Hi", "image": "https://example.com/a.png"}}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports an image with no `mutable-content: 1`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, input.request.payload["fcm_options"]?["image"] != nil,
              input.payload.aps?.isMutable != true else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "an image is set but apns.payload.aps has no \"mutable-content\": 1, so iOS never runs the service extension that downloads it; add \"apns\": {\"payload\": {\"aps\": {\"mutable-content\": 1}}}",
            payload: JSONPath([.key("fcm_options"), .key("image")]), atKey: true))
    }
}
