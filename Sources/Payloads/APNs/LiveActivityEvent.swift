/// The `aps.event` of a Live Activity push (Apple: start, update or end).
public enum LiveActivityEvent: String, Sendable, CaseIterable {
    /// Starts a Live Activity (push-to-start, iOS 17.2 and later).
    case start
    /// Updates a running Live Activity.
    case update
    /// Ends a Live Activity.
    case end

    /// The keys that mean something only for this event: `dismissal-date` for end; `attributes-type`,
    /// `attributes`, `input-push-token` and `input-push-channel` for start.
    public var ownKeys: [String] {
        switch self {
        case .start: ["attributes-type", "attributes", "input-push-token", "input-push-channel"]
        case .update: []
        case .end: ["dismissal-date"]
        }
    }

    /// The event a key belongs to, when it belongs to one.
    public static func owner(of key: String) -> LiveActivityEvent? {
        allCases.first { $0.ownKeys.contains(key) }
    }
}
