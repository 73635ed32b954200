/// `ios.extension-needs-alert`: `mutable-content: 1` without alert text: iOS will not run the service extension.
struct ExtensionNeedsAlertRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "ios.extension-needs-alert", severity: .error,
        summary: "iOS runs the notification service extension only when mutable-content is 1 and the alert has a title, subtitle or body; silent, badge-only or sound-only pushes are never modified. (A string alert counts as a body: modelling choice.)",
        source: RuleSource.modifyingContent, confidence: .apple,
        example: #"{"aps": {"mutable-content": 1, "content-available": 1}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports `mutable-content: 1` with no alert, or an alert without any text or localization key.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard let aps = input.payload.aps, aps.isMutable else { return }
        if let alert = aps.alert {
            if alert.hasLiteralText { return }
            if case .dictionary(let d) = alert, d.hasLocalizationKey { return } // `ios.extension-loc-key-only`
        }
        let path = LintContext.apsPath.appending("mutable-content")
        let fix = input.kind == .fcmV1
            ? "add notification.title/body, or apns.payload.aps.alert with a title or body"
            : "add \"alert\": {\"title\": …, \"body\": …} to aps"
        let what = aps.alert == nil ? "there is no alert" : "the alert has no title, subtitle or body"
        diagnostics.append(input.diagnostic(Self.description,
            "mutable-content is 1 but \(what), so iOS will not run the notification service extension; \(fix), or drop mutable-content",
            payload: path, atKey: true))
    }
}
