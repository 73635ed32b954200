/// `apns.live-activity-key`: a Live-Activity-only `aps` key in a push that is not a Live Activity update.
struct LiveActivityKeyRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.live-activity-key", severity: .note,
        summary: "stale-date, content-state, timestamp, event, dismissal-date, attributes-type and attributes only mean something in a Live Activity push (apns-push-type: liveactivity).",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"alert": "Hi", "event": "update"}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports Live Activity keys when the push type is not `liveactivity`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headers.pushType != .liveactivity else { return }
        for m in input.apsMembers ?? [] where APSKey.aps(m.key)?.liveActivityOnly == true {
            diagnostics.append(input.diagnostic(Self.description,
                "\(m.key) is only used by Live Activity updates; a regular notification ignores it (send Live Activity updates with apns-push-type: liveactivity)",
                payload: LintContext.apsPath.appending(m.key), atKey: true))
        }
    }
}
