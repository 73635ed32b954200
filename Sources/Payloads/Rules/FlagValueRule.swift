/// `apns.flag-value`: `mutable-content` or `content-available` is a number other than 0 or 1.
struct FlagValueRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.flag-value", severity: .warning,
        summary: "Apple documents the value 1 for mutable-content and content-available; what iOS does with other numbers is not documented.",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"alert": "Hi", "mutable-content": 2}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports numbers other than 0 and 1.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        for m in input.apsMembers ?? [] where m.key == "mutable-content" || m.key == "content-available" {
            guard let n = m.value.numberValue, n.intValue != 0, n.intValue != 1 else { continue }
            let path = LintContext.apsPath.appending(m.key)
            diagnostics.append(input.diagnostic(Self.description,
                "\(input.displayName(ofPayload: path)) is \(n.text); Apple documents only 1 (on); write 1, or remove the key",
                payload: path))
        }
    }
}
