/// `fcm.alert-overridden`: `notification.title`/`body` unused on iOS because `apns.payload.aps.alert` supplies it.
struct FCMAlertOverriddenRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.alert-overridden", severity: .note,
        summary: "When apns.payload.aps.alert supplies a title or body, it overrides notification.title/body on Apple devices.",
        source: RuleSource.fcmMessage, confidence: .google,
        example: #"{"message": {"notification": {"title": "A"}, "apns": {"payload": {"aps": {"alert": {"title": "B"}}}}}}"#)
    /// Creates the rule.
    public init() {}
    /// Passes on what the translator found.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        diagnostics += input.translationDiagnostics.filter { $0.rule == Self.description.id }
    }
}
