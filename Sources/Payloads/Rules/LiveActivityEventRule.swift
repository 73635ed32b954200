/// `apns.live-activity-event`: a Live Activity push names its event: start, update or end.
struct LiveActivityEventRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.live-activity-event", severity: .error,
        summary: "A Live Activity push (apns-push-type: liveactivity) sets aps.event to start, update or end; without it ActivityKit has nothing to do. Whether APNs refuses such a push is not documented: Pushbook's model delivers it and ActivityKit ignores it (a modelling choice).",
        source: RuleSource.liveActivities, confidence: .apple,
        example: #"apns-push-type: liveactivity with {"aps": {"timestamp": 1700000000, "content-state": {…}}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a missing event, or one that is not start, update or end.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.pushType == .liveactivity, let aps = input.payload.aps else { return }
        let path = LintContext.apsPath.appending("event")
        guard let event = aps.event else {
            if input.request.payload.value(at: path) != nil { return } // a wrong type is `apns.aps-key-type`'s finding
            diagnostics.append(input.diagnostic(Self.description,
                "a Live Activity push needs aps.event: \"start\", \"update\" or \"end\"; without it ActivityKit ignores the push",
                payload: LintContext.apsPath, atKey: true))
            return
        }
        guard LiveActivityEvent(rawValue: event) == nil else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "aps.event \"\(event)\" is not a Live Activity event; use \"start\", \"update\" or \"end\" (lowercase)",
            payload: path))
    }
}
