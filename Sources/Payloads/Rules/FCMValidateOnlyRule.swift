/// `fcm.validate-only`: `validate_only: true` makes FCM check the message without sending it.
struct FCMValidateOnlyRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.validate-only", severity: .note,
        summary: "With validate_only: true FCM validates the message and delivers nothing.",
        source: RuleSource.fcmMessage, confidence: .google,
        example: #"{"validate_only": true, "message": {…}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a dry run.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, input.fcm?.validateOnly == true else { return }
        let path = FCMSchema.resolve("validate_only", in: input.document)?.path ?? "validate_only"
        diagnostics.append(input.diagnostic(Self.description,
            "validate_only is true: FCM only checks this message and sends nothing; remove it to deliver", document: path, atKey: true))
    }
}
