/// `apns.background-push-type`: a silent push (content-available only) sent without `apns-push-type: background`.
struct BackgroundPushTypeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.background-push-type", severity: .warning,
        summary: "A silent push (content-available: 1 and no alert, badge or sound) must be sent with apns-push-type: background and apns-priority: 5; the push type must reflect the payload.",
        source: RuleSource.backgroundUpdates, confidence: .apple,
        example: #"{"aps": {"content-available": 1}} without apns-push-type"#)
    /// Creates the rule.
    public init() {}
    /// Reports a silent payload whose push type is missing or `alert`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, input.isSilentPush else { return }
        let type = input.headers.pushTypeName
        guard type == nil || type == APNsPushType.alert.rawValue else { return }
        let how = type == nil ? "no apns-push-type" : "apns-push-type: alert"
        let fix = input.kind == .fcmV1
            ? "add \"apns-push-type\": \"background\" and \"apns-priority\": \"5\" to apns.headers"
            : "send it with apns-push-type: background and apns-priority: 5"
        diagnostics.append(input.diagnostic(Self.description,
            "this is a background push (content-available: 1 without alert, badge or sound) sent with \(how); \(fix)",
            payload: LintContext.apsPath.appending("content-available"), atKey: true))
    }
}
