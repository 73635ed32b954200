/// `fcm.data-only-priority`: a data-only FCM message to iOS must use `apns-priority: 5`.
struct FCMDataOnlyPriorityRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.data-only-priority", severity: .error,
        summary: #"Firebase: "When sending payloads containing only data fields to iOS devices, only normal priority ("apns-priority": "5") is allowed in ApnsConfig", and "Messages sent with high priority are rejected by the FCM backend with the error INVALID_ARGUMENT". A data message that sets no priority is accepted, as Firebase's own data-message sample is: Pushbook's model sends it with 5 (a modelling choice; Firebase's reference also says the backend's default is 10)."#,
        source: RuleSource.fcmMessage + " ; https://firebase.google.com/docs/cloud-messaging/customize-messages/setting-message-priority ; " + RuleSource.fcmMessageTypes,
        confidence: .google, refusesRequest: true,
        example: #"{"message": {"token": "…", "data": {"id": "1"}, "apns": {"headers": {"apns-priority": "10"}}}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a data-only message whose priority, set in `apns.headers`, is not 5.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let message = input.fcm?.message, message.isDataOnly,
              input.headers.pushType != .background, // `apns.background-priority` reports that case
              !input.defaultedHeaders.contains("apns-priority"),
              let priority = input.effectivePriority, priority != 5 else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "this message has no notification and no alert (data-only) and apns-priority is \(priority); FCM allows only priority 5 for data-only messages to Apple devices and refuses the request (400 INVALID_ARGUMENT): set \"apns-priority\": \"5\" in apns.headers, or leave it out",
            header: "apns-priority"))
    }
}
