/// `apns.live-activity-shape`: what each Live Activity event needs: a content state always; for start,
/// an alert, attributes-type and attributes, and a device token (a broadcast cannot start one).
struct LiveActivityShapeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.live-activity-shape", severity: .error,
        summary: "A Live Activity push carries aps.content-state, a dictionary whose fields match the app's ContentState (the final state for end). A start push also carries an alert, attributes-type (the ActivityAttributes type's name) and attributes, and goes to a push-to-start token: a broadcast (apns-channel-id) can update and end a Live Activity but not start one. Otherwise ActivityKit cannot apply it (Pushbook's model records it as not applied).",
        source: RuleSource.liveActivities, confidence: .apple,
        example: #"{"aps": {"timestamp": 1700000000, "event": "start", "content-state": {"progress": 0}}} without alert and attributes"#)
    /// Creates the rule.
    public init() {}
    /// Reports what the event lacks.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.pushType == .liveactivity, let aps = input.payload.aps else { return }
        let push = LiveActivityPush(aps: aps, members: input.apsMembers ?? [], broadcast: input.headers.raw["apns-channel-id"] != nil)
        guard let event = push.event else { return }
        for key in push.missing {
            let what = switch key {
            case "content-state": "aps.content-state, a dictionary with the fields of the app's ActivityAttributes.ContentState\(event == .end ? " (the final state)" : "")"
            case "alert": "an alert (title and body), which Apple requires to start a Live Activity: add aps.alert"
            case "attributes-type": "aps.attributes-type, the name of the app's ActivityAttributes type"
            default: "aps.attributes, the ActivityAttributes values that do not change"
            }
            diagnostics.append(input.diagnostic(Self.description, "a Live Activity \(event.rawValue) needs \(what)",
                                                payload: LintContext.apsPath, atKey: true))
        }
        if push.isBroadcastStart {
            diagnostics.append(input.diagnostic(Self.description,
                "a broadcast (apns-channel-id) cannot start a Live Activity; send the start to the push-to-start token, then update it on the channel",
                header: "apns-channel-id"))
        }
    }
}
