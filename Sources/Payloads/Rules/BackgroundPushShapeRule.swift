/// `apns.background-push-shape`: a push sent as `apns-push-type: background` must be a silent update.
struct BackgroundPushShapeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.background-push-shape", severity: .error,
        summary: "A background push (apns-push-type: background) carries content-available: 1 and no alert, badge or sound.",
        source: RuleSource.backgroundUpdates, confidence: .apple,
        example: #"apns-push-type: background with {"aps": {"alert": "Hi"}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports user-facing keys, or a missing `content-available: 1`, in a background push.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, input.headers.pushType == .background, let aps = input.payload.aps else { return }
        for m in input.apsMembers ?? [] where ["alert", "badge", "sound"].contains(m.key) {
            let path = LintContext.apsPath.appending(m.key)
            diagnostics.append(input.diagnostic(Self.description,
                "a background push must not contain \(m.key); remove it, or send the push with apns-push-type: alert",
                payload: path, atKey: true))
        }
        if !aps.isContentAvailable {
            diagnostics.append(input.diagnostic(Self.description,
                "a background push needs \"content-available\": 1 in aps, or iOS will not wake the app",
                payload: LintContext.apsPath, atKey: true))
        }
    }
}
