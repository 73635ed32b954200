/// `apns.badge-value`: `badge` that is negative or not a whole number.
struct BadgeValueRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.badge-value", severity: .warning,
        summary: "aps.badge is the count shown on the app icon (0 removes it); a negative or fractional badge has no documented meaning (modelling choice).",
        source: RuleSource.generatingRemoteNotification, confidence: .inference,
        example: #"{"aps": {"badge": -1}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports negative or fractional badges.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        let path = LintContext.apsPath.appending("badge")
        guard let n = input.request.payload.value(at: path)?.numberValue else { return }
        if let i = n.intValue, i >= 0, n.isInteger || Double(i) == n.doubleValue { return }
        diagnostics.append(input.diagnostic(Self.description,
            "badge \(n.text) is not a whole number of 0 or more; write the count to show, or 0 to remove the badge",
            payload: path))
    }
}
