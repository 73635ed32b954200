import Foundation

/// A sound played with a notification (Apple's `UNNotificationSound`).
///
/// Apple's class has no public properties: what the sound is stays internal, for the delivery record.
@available(iOS 10.0, *)
open class UNNotificationSound: NSObject, NSCopying, @unchecked Sendable {
    /// The sound file's name, or `"default"`.
    let name: String
    /// True for a critical alert sound.
    let isCritical: Bool
    /// The critical alert volume, 0 to 1.
    let volume: Float
    /// True for a ringtone sound.
    let isRingtone: Bool

    init(name: String, isCritical: Bool = false, volume: Float = 1, isRingtone: Bool = false) {
        self.name = name
        self.isCritical = isCritical
        self.volume = min(max(volume, 0), 1)
        self.isRingtone = isRingtone
        super.init()
    }

    /// The system's default sound.
    open class var `default`: UNNotificationSound { UNNotificationSound(name: "default") }

    /// The default critical alert sound.
    @available(iOS 12.0, *)
    open class var defaultCritical: UNNotificationSound { UNNotificationSound(name: "default", isCritical: true) }

    /// The default ringtone.
    @available(iOS 15.2, *)
    open class var defaultRingtone: UNNotificationSound { UNNotificationSound(name: "default", isRingtone: true) }

    /// The default critical alert sound at a volume from 0 to 1.
    @available(iOS 12.0, *)
    open class func defaultCriticalSound(withAudioVolume volume: Float) -> Self {
        Self.cast(UNNotificationSound(name: "default", isCritical: true, volume: volume))
    }

    /// A sound file in the app bundle or `Library/Sounds`.
    public convenience init(named name: UNNotificationSoundName) {
        self.init(name: name.rawValue)
    }

    /// A critical alert sound from a file.
    @available(iOS 12.0, *)
    open class func criticalSoundNamed(_ name: UNNotificationSoundName) -> Self {
        Self.cast(UNNotificationSound(name: name.rawValue, isCritical: true))
    }

    /// A critical alert sound from a file, at a volume from 0 to 1.
    @available(iOS 12.0, *)
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> Self {
        Self.cast(UNNotificationSound(name: name.rawValue, isCritical: true, volume: volume))
    }

    /// A ringtone from a file.
    @available(iOS 15.2, *)
    open class func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> Self {
        Self.cast(UNNotificationSound(name: name.rawValue, isRingtone: true))
    }

    /// Sounds are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The factory methods return `Self`, as Apple declares them; the simulator makes plain sounds,
    /// which only a subclass (that no app writes) would not accept.
    private static func cast(_ sound: UNNotificationSound) -> Self {
        guard let typed = sound as? Self else { preconditionFailure("UNNotificationSound subclasses are not modelled") }
        return typed
    }

    /// The name as the delivery record shows it.
    var recordName: String { isCritical ? "critical:\(name)" : name }
}

/// The name of a sound file (Apple's `UNNotificationSoundName`): made with `init(_:)` or
/// `init(rawValue:)`, never from a string literal.
@available(iOS 10.0, *)
public struct UNNotificationSoundName: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    /// The file name.
    public var rawValue: String
    /// Creates a name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
