/// `fcm.target-count`: an FCM message needs exactly one of `token`, `topic` or `condition`.
struct FCMTargetCountRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.target-count", severity: .error,
        summary: "An FCM v1 message names exactly one target: token, topic or condition (\"Exactly one of topic, token or condition is required\").",
        source: RuleSource.fcmMessage, confidence: .google, refusesRequest: true,
        example: #"{"message": {"notification": {"title": "Hi"}}}"#)
    /// Creates the rule.
    public init() {}
    /// Counts the targets.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let message = input.document["message"], message.members != nil else { return }
        let present = ["token", "topic", "condition"].filter { message[$0] != nil }
        guard present.count != 1 else { return }
        if present.isEmpty {
            diagnostics.append(input.diagnostic(Self.description,
                "the message has no target; add exactly one of \"token\" (one device), \"topic\" or \"condition\"",
                document: "message", atKey: true))
        } else {
            let second = JSONPath("message").appending(present[1])
            diagnostics.append(input.diagnostic(Self.description,
                "the message has \(present.joined(separator: " and ")); FCM wants exactly one target, so keep one and remove the rest",
                document: second, atKey: true))
        }
    }
}
