import Payloads

extension DeliveryRecord {
    /// What the user's notification settings did to a push (`settings` in the record; only when settings
    /// were given, so records made without them do not change).
    public struct SettingsPart: Sendable, Equatable {
        /// `authorizationStatus`, as Apple names the case (`denied`, `provisional`, …).
        public var authorizationStatus: String
        /// Where the notification appears: `banner`, `lockScreen`, `notificationCenter`; empty when nowhere.
        public var shownIn: [String]
        /// True when its sound plays.
        public var soundPlays: Bool
        /// True when its badge is applied.
        public var badgeApplied: Bool

        /// The part as JSON.
        var json: JSONValue {
            .object([
                ("authorizationStatus", .string(authorizationStatus)),
                ("shownIn", .array(shownIn.map { .string($0) })),
                ("soundPlays", .bool(soundPlays)),
                ("badgeApplied", .bool(badgeApplied)),
            ])
        }
    }
}
