import Payloads

extension UNNotificationInterruptionLevel {
    /// The level of a payload's `interruption-level` (the two number them alike, passive 0 … critical 3).
    init(_ level: APNsInterruptionLevel) {
        self = Self(rawValue: UInt(level.rawLevel)) ?? .active
    }

    /// The payload's spelling of this level (`passive`, `active`, `time-sensitive`, `critical`).
    var apnsLevel: APNsInterruptionLevel {
        APNsInterruptionLevel.allCases.first { $0.rawLevel == Int(rawValue) } ?? .active
    }
}
