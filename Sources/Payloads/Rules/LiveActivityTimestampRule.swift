/// `apns.live-activity-timestamp`: a Live Activity push's `timestamp` is the time of the update in seconds.
struct LiveActivityTimestampRule: PayloadRule {
    /// Timestamps above this (the year 5138 in seconds) are read as milliseconds.
    public static let millisecondsThreshold = 100_000_000_000.0

    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.live-activity-timestamp", severity: .warning,
        summary: "A Live Activity push carries aps.timestamp, the time of the update in seconds since 1970, \"to allow the system to always display the most recent\" one; stale-date and dismissal-date are seconds too. Whether a push without it is refused is not documented. A value in milliseconds (JavaScript's Date.now()) is read as a date thousands of years ahead (Pushbook's model warns: a modelling choice).",
        source: RuleSource.liveActivities, confidence: .apple,
        example: #"{"aps": {"event": "update", "timestamp": 1700000000000, …}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a missing timestamp, and dates that look like milliseconds.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.pushType == .liveactivity, let aps = input.payload.aps else { return }
        let apsPath = LintContext.apsPath
        if input.request.payload.value(at: apsPath.appending("timestamp")) == nil {
            diagnostics.append(input.diagnostic(Self.description,
                "a Live Activity push should carry aps.timestamp (seconds since 1970, for example 1700000000) so that the system shows the most recent update",
                payload: apsPath, atKey: true))
        }
        for (key, value) in [("timestamp", aps.timestamp), ("stale-date", aps.staleDate), ("dismissal-date", aps.dismissalDate)] {
            guard let value, value > Self.millisecondsThreshold else { continue }
            diagnostics.append(input.diagnostic(Self.description,
                "aps.\(key) looks like milliseconds; Live Activity dates are seconds since 1970: divide by 1000",
                payload: apsPath.appending(key)))
        }
    }
}
