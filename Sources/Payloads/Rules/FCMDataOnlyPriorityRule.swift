/// `fcm.data-only-priority`: a data-only FCM message to iOS must use `apns-priority: 5`.
public struct FCMDataOnlyPriorityRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.data-only-priority", severity: .error,
        summary: "\"When sending payloads containing only data fields to iOS devices, only normal priority (\\\"apns-priority\\\": \\\"5\\\") is allowed in ApnsConfig\"; FCM's default is 10.",
        source: RuleSource.fcmMessage, confidence: .google,
        example: #"{"message": {"token": "…", "data": {"id": "1"}}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a data-only message whose priority (10 by default) is not 5.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let message = input.fcm?.message, message.isDataOnly,
              input.headers.pushType != .background, // `apns.background-priority` reports that case
              let priority = input.effectivePriority, priority != 5 else { return }
        let how = input.defaultedHeaders.contains("apns-priority")
            ? "apns.headers has no apns-priority, so FCM sends \(priority)"
            : "apns-priority is \(priority)"
        diagnostics.append(input.diagnostic(Self.description,
            "this message has no notification and no alert (data-only) and \(how); FCM allows only priority 5 for data-only messages to iOS: add \"apns-priority\": \"5\" to apns.headers",
            header: "apns-priority"))
    }
}
