/// `apns.live-activity-event-keys`: a key that belongs to another Live Activity event.
struct LiveActivityEventKeysRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.live-activity-event-keys", severity: .warning,
        summary: "dismissal-date belongs to an end event (without it an ended Live Activity stays up to four hours; a date in the past dismisses it at once); attributes-type, attributes, input-push-token and input-push-channel belong to a start event. Elsewhere ActivityKit does not use them.",
        source: RuleSource.liveActivities, confidence: .apple,
        example: #"{"aps": {"event": "update", "dismissal-date": 1700003600, …}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports keys of another event.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.pushType == .liveactivity, let event = input.payload.aps?.event.flatMap(LiveActivityEvent.init(rawValue:)) else { return }
        for m in input.apsMembers ?? [] {
            guard let owner = LiveActivityEvent.owner(of: m.key), owner != event else { continue }
            diagnostics.append(input.diagnostic(Self.description,
                "\(m.key) is only used by a Live Activity \(owner.rawValue) push; this one is \(event.rawValue), so ActivityKit ignores it",
                payload: LintContext.apsPath.appending(m.key), atKey: true))
        }
    }
}
