/// `apns.aps-shape`: `aps` must be a dictionary.
struct APSShapeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.aps-shape", severity: .error,
        summary: "The value of aps must be a dictionary of Apple-defined keys.",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": "hello"}"#)
    /// Creates the rule.
    public init() {}
    /// Reports an `aps` that is not a dictionary.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard let aps = input.request.payload["aps"], aps.members == nil else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "\(input.displayName(ofPayload: LintContext.apsPath)) is a \(aps.typeName); it must be a dictionary such as {\"alert\": {\"title\": …, \"body\": …}}",
            payload: LintContext.apsPath))
    }
}
