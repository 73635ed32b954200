/// `fcm.push-type-unsupported`: a VoIP push sent through FCM, which does not carry PushKit pushes.
struct FCMPushTypeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.push-type-unsupported", severity: .error,
        summary: "FCM does not deliver VoIP (PushKit) pushes: its registration token is the app's ordinary APNs device token, not a PushKit token, so a message with apns-push-type voip never reaches PushKit. Send VoIP pushes to APNs directly with the PushKit token (a Firebase Admin maintainer's answer; Pushbook's model counts the message as not delivered).",
        source: "https://github.com/firebase/firebase-admin-dotnet/issues/97 ; https://github.com/firebase/quickstart-ios/issues/205",
        confidence: .community, refusesRequest: true,
        example: #"{"message": {"token": "…", "apns": {"headers": {"apns-push-type": "voip"}}}}"#)
    /// Creates the rule.
    public init() {}

    /// Reports an FCM message whose push type is voip.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, input.pushType == .voip else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "FCM does not carry VoIP pushes: the FCM registration token is not a PushKit token, so this push never reaches PushKit; send it to APNs directly with the token from PKPushRegistry (apns-topic <bundle ID>.voip)",
            header: "apns-push-type"))
    }
}
