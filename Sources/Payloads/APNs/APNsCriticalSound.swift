/// The critical-alert `sound` dictionary (Apple's Table 3).
public struct APNsCriticalSound: Sendable, Equatable {
    /// `critical`: `1` enables the critical alert.
    public var critical: Int?
    /// `name`: the sound file, or `"default"`.
    public var name: String?
    /// `volume`: from 0 (silent) to 1 (full volume).
    public var volume: Double?

    /// Creates a critical sound.
    public init(critical: Int? = nil, name: String? = nil, volume: Double? = nil) {
        self.critical = critical
        self.name = name
        self.volume = volume
    }

    /// Reads the dictionary (the first of repeated keys); fields of the wrong type are nil.
    public init(members: [JSONMember]) {
        self.init()
        for m in members.firstOfEachKey {
            switch m.key {
            case "critical": critical = m.value.numberValue?.intValue
            case "name": name = m.value.stringValue
            case "volume": volume = m.value.numberValue?.doubleValue
            default: break
            }
        }
    }
}
