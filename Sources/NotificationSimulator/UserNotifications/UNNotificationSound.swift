import Foundation

/// A sound played with a notification (Apple's `UNNotificationSound`).
open class UNNotificationSound: NSObject, @unchecked Sendable {
    /// The sound file's name, or `"default"`.
    public let name: String
    /// True for a critical alert sound.
    public let isCritical: Bool
    /// The critical alert volume, 0 to 1.
    public let volume: Float

    init(name: String, isCritical: Bool = false, volume: Float = 1) {
        self.name = name
        self.isCritical = isCritical
        self.volume = volume
    }

    /// The system's default sound.
    open class var `default`: UNNotificationSound { UNNotificationSound(name: "default") }

    /// The default critical alert sound.
    open class var defaultCritical: UNNotificationSound { UNNotificationSound(name: "default", isCritical: true) }

    /// A sound file in the app bundle or `Library/Sounds`.
    public convenience init(named name: UNNotificationSoundName) {
        self.init(name: name.rawValue)
    }

    /// A critical alert sound with a volume from 0 to 1.
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> UNNotificationSound {
        UNNotificationSound(name: name.rawValue, isCritical: true, volume: min(max(volume, 0), 1))
    }

    /// The name as the delivery record shows it.
    var recordName: String { isCritical ? "critical:\(name)" : name }
}

/// The name of a sound file.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The file name.
    public var rawValue: String
    /// Creates a name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Creates a name from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }
}
