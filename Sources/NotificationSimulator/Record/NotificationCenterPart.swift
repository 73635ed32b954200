import Payloads

extension DeliveryRecord {
    /// What Notification Center holds after a push of a sequence, and the app icon's badge
    /// (`notificationCenter` in the record; only in a sequence, so single records do not change).
    public struct NotificationCenterPart: Sendable, Equatable {
        /// The notifications still in Notification Center, newest first.
        public var notifications: [Entry]
        /// The app icon's badge count (0: no badge).
        public var badge: Int
        /// The notifications held for the next Scheduled Summary, the one it features (the highest
        /// `relevanceScore`) first; in the record only when it holds any.
        public var summary: [Entry] = []

        /// One notification in Notification Center.
        public struct Entry: Sendable, Equatable {
            /// The request identifier: the push's `apns-collapse-id`, or the one the device assigned.
            public var identifier: String
            /// The title shown.
            public var title: String
            /// The body shown.
            public var body: String
            /// The thread it is stacked in (`thread-id`; empty: the app's own stack).
            public var threadIdentifier: String
        }

        /// The notifications grouped as Notification Center stacks them: by thread, in the order each
        /// thread's newest notification arrived (newest first).
        public var stacks: [(thread: String, count: Int)] {
            var order: [String] = [], counts: [String: Int] = [:]
            for entry in notifications {
                if counts[entry.threadIdentifier] == nil { order.append(entry.threadIdentifier) }
                counts[entry.threadIdentifier, default: 0] += 1
            }
            return order.map { ($0, counts[$0]!) }
        }

        /// The part as JSON.
        var json: JSONValue {
            func entries(_ list: [Entry]) -> JSONValue {
                .array(list.map { entry in
                    .object([
                        ("identifier", .string(entry.identifier)),
                        ("title", .string(entry.title)),
                        ("body", .string(entry.body)),
                        ("threadIdentifier", .string(entry.threadIdentifier)),
                    ])
                })
            }
            var pairs: [(String, JSONValue)] = [
                ("badge", .int(badge)),
                ("notifications", entries(notifications)),
                ("stacks", .array(stacks.map { .object([("thread", .string($0.thread)), ("count", .int($0.count))]) })),
            ]
            if !summary.isEmpty { pairs.append(("summary", entries(summary))) }
            return .object(pairs)
        }
    }
}
