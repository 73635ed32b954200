/// `fcm.data-key-collision`: a `data` key that is also a key of `apns.payload` (or `aps`).
struct FCMDataKeyCollisionRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.data-key-collision", severity: .warning,
        summary: "data keys land at the top level of the APNs payload, next to apns.payload's own keys; when both use a name, Pushbook keeps the apns.payload value (modelling choice: FCM documents no order).",
        source: RuleSource.fcmMessage, confidence: .inference,
        example: #"{"message": {"data": {"aps": "x"}, "apns": {"payload": {"aps": {…}}}}}"#)
    /// Creates the rule.
    public init() {}
    /// Passes on what the translator found.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        diagnostics += input.translationDiagnostics.filter { $0.rule == Self.description.id }
    }
}
