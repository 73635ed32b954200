/// `aps.interruption-level` values, in `UNNotificationInterruptionLevel` order (passive=0 … critical=3).
public enum APNsInterruptionLevel: String, Sendable, CaseIterable, Comparable {
    /// Added to the list without lighting the screen or playing a sound.
    case passive
    /// Lights the screen and may play a sound (the default).
    case active
    /// May be presented during Do Not Disturb; needs the Time Sensitive capability.
    case timeSensitive = "time-sensitive"
    /// Always presented, bypasses the mute switch; needs Apple's critical-alerts entitlement.
    case critical

    /// The `UNNotificationInterruptionLevel` raw value.
    public var rawLevel: Int {
        switch self {
        case .passive: 0
        case .active: 1
        case .timeSensitive: 2
        case .critical: 3
        }
    }

    /// Orders levels as iOS numbers them.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawLevel < rhs.rawLevel }
}
