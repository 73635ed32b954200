/// `apns.interruption-level-value`: `interruption-level` must be one of Apple's four values.
struct InterruptionLevelValueRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.interruption-level-value", severity: .error,
        summary: "aps.interruption-level is one of \"passive\", \"active\", \"time-sensitive\" or \"critical\".",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"alert": "Hi", "interruption-level": "timeSensitive"}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a string that is not a level (other types are `apns.aps-key-type`'s finding).
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard let name = input.payload.aps?.interruptionLevelName, APNsInterruptionLevel(rawValue: name) == nil else { return }
        let path = LintContext.apsPath.appending("interruption-level")
        var message = "\"\(name)\" is not an interruption level; use \"passive\", \"active\", \"time-sensitive\" or \"critical\""
        if let meant = APNsInterruptionLevel.allCases.first(where: { APSKey.normalize($0.rawValue) == APSKey.normalize(name) }) {
            message += " (did you mean \"\(meant.rawValue)\"?)"
        }
        diagnostics.append(input.diagnostic(Self.description, message, payload: path))
    }
}
