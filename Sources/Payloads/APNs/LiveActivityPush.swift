/// The `aps` of a Live Activity push as ActivityKit reads it: the event, what the event needs and lacks.
///
/// The linter's Live Activity rules and the device model both read it, so "can ActivityKit apply this"
/// is decided once.
public struct LiveActivityPush: Sendable, Equatable {
    /// The event, when it is start, update or end.
    public var event: LiveActivityEvent?
    /// The keys the event needs that the payload lacks (`content-state`; for start also `alert`,
    /// `attributes-type`, `attributes`), in that order.
    public var missing: [String]
    /// True for a start sent as a broadcast (`apns-channel-id`), which cannot start a Live Activity.
    public var isBroadcastStart: Bool
    /// The typed `aps`.
    public var aps: APS

    /// Reads the Live Activity fields of `aps`; `members` are its JSON members (a key of the wrong type
    /// still counts as present: `apns.aps-key-type` reports it); `broadcast` is true when the request
    /// goes to a channel (`apns-channel-id`).
    public init(aps: APS, members: [JSONMember], broadcast: Bool = false) {
        self.aps = aps
        event = aps.event.flatMap(LiveActivityEvent.init(rawValue:))
        let present = Set(members.map { $0.key })
        var needed = ["content-state"]
        if event == .start { needed += ["alert", "attributes-type", "attributes"] }
        missing = event == nil ? [] : needed.filter { !present.contains($0) }
        isBroadcastStart = event == .start && broadcast
    }

    /// True when ActivityKit can apply the push: a known event with everything it needs.
    public var isApplicable: Bool { event != nil && missing.isEmpty && !isBroadcastStart }
}
