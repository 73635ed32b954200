import Payloads

extension DeliveryRecord {
    /// What ActivityKit did with a Live Activity push: the event, whether it could apply it, and the
    /// state it shows (rule `ios.live-activity`). A Live Activity push is never a banner in `delivered`.
    public struct LiveActivityPart: Sendable, Equatable {
        /// `start`, `update`, `end`, or the event as written when it is none of them.
        public var event: String?
        /// True when ActivityKit applies the push (a known event with everything it needs).
        public var applied: Bool
        /// `aps.timestamp`, seconds since 1970.
        public var timestamp: Double?
        /// `aps.content-state`, the state the Live Activity shows.
        public var contentState: JSONValue?
        /// `aps.stale-date`.
        public var staleDate: Double?
        /// `aps.dismissal-date` (end).
        public var dismissalDate: Double?
        /// `aps.relevance-score`.
        public var relevanceScore: Double?
        /// `aps.attributes-type` (start).
        public var attributesType: String?
        /// `aps.attributes` (start).
        public var attributes: JSONValue?
        /// The alert that lights the screen and shows the Live Activity expanded, or nil.
        public var alert: Alert?

        /// A Live Activity's alert: its title, body and sound as shown.
        public struct Alert: Sendable, Equatable {
            /// The title.
            public var title: String
            /// The body.
            public var body: String
            /// The sound's name, or nil.
            public var sound: String?
        }

        /// The part for a Live Activity push's payload; `broadcast` is true for a channel push.
        init(payload: JSONValue, broadcast: Bool) {
            let apsValue = payload["aps"]
            let aps = APS(members: apsValue?.members ?? [])
            let push = LiveActivityPush(aps: aps, members: apsValue?.members ?? [], broadcast: broadcast)
            event = aps.event
            applied = push.isApplicable
            timestamp = aps.timestamp
            contentState = aps.contentState
            staleDate = aps.staleDate
            dismissalDate = aps.dismissalDate
            relevanceScore = aps.relevanceScore
            attributesType = aps.attributesType
            attributes = aps.attributes
            if let alert = apsValue?["alert"] {
                // Apple's examples write title and body as strings or {"loc-key", "loc-args"}, with sound inside the alert.
                func text(_ value: JSONValue?) -> String { value?.stringValue ?? value?["loc-key"]?.stringValue ?? "" }
                let sound = alert["sound"]?.stringValue ?? apsValue?["sound"]?.stringValue
                self.alert = alert.stringValue.map { Alert(title: "", body: $0, sound: sound) }
                    ?? Alert(title: text(alert["title"]), body: text(alert["body"]), sound: sound)
            }
        }

        /// The part as JSON.
        var json: JSONValue {
            func number(_ value: Double?) -> JSONValue {
                guard let value else { return .null }
                return value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .double(value)
            }
            return .object([
                ("event", event.map { .string($0) } ?? .null),
                ("applied", .bool(applied)),
                ("timestamp", number(timestamp)),
                ("contentState", contentState?.withoutLocations ?? .null),
                ("staleDate", number(staleDate)),
                ("dismissalDate", number(dismissalDate)),
                ("relevanceScore", number(relevanceScore)),
                ("attributesType", attributesType.map { .string($0) } ?? .null),
                ("attributes", attributes?.withoutLocations ?? .null),
                ("alert", alert.map { a in
                    .object([("title", .string(a.title)), ("body", .string(a.body)), ("sound", a.sound.map { .string($0) } ?? .null)])
                } ?? .null),
            ])
        }
    }
}
