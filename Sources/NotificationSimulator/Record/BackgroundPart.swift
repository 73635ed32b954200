import Payloads

extension DeliveryRecord {
    /// What the app did with a background push it was woken for (`background` in the record; only
    /// when the recipe's app has a background-push handler and iOS woke it).
    public struct BackgroundPart: Sendable, Equatable {
        /// True when the handler called its completion handler within the 30 s iOS gives it.
        public var completed: Bool
        /// The virtual milliseconds until it did, or until the 30 s ran out.
        public var elapsedMilliseconds: Int
        /// The requests the app made meanwhile.
        public var fetches: [FetchRecord]

        /// The part as JSON.
        var json: JSONValue {
            .object([
                ("completed", .bool(completed)),
                ("elapsedMilliseconds", .int(elapsedMilliseconds)),
                ("fetches", .array(fetches.map(\.json))),
            ])
        }
    }
}
