import Foundation

/// The content of a notification, as iOS hands it to an app or an extension (read-only).
///
/// Mirrors Apple's `UNNotificationContent`: the same property names, types and defaults
/// (domain-rules §1.7 and §7.1). `mutableCopy()` gives a `UNMutableNotificationContent`.
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The title; `""` when the payload has none.
    open internal(set) var title: String = ""
    /// The subtitle; `""` when the payload has none.
    open internal(set) var subtitle: String = ""
    /// The body text; `""` when the payload has none.
    open internal(set) var body: String = ""
    /// The badge; nil leaves the badge unchanged, 0 removes it.
    open internal(set) var badge: NSNumber?
    /// The sound, or nil for none.
    open internal(set) var sound: UNNotificationSound?
    /// The launch image name (`aps.alert.launch-image`).
    open internal(set) var launchImageName: String = ""
    /// The category (`aps.category`).
    open internal(set) var categoryIdentifier: String = ""
    /// The thread used for grouping (`aps.thread-id`).
    open internal(set) var threadIdentifier: String = ""
    /// The whole push payload, `aps` included.
    open internal(set) var userInfo: [AnyHashable: Any] = [:]
    /// The attachments; empty until an extension adds some.
    open internal(set) var attachments: [UNNotificationAttachment] = []
    /// The scene brought forward (`aps.target-content-id`).
    open internal(set) var targetContentIdentifier: String?
    /// How the notification interrupts (`aps.interruption-level`).
    open internal(set) var interruptionLevel: UNNotificationInterruptionLevel = .active
    /// The relevance score, expected between 0 and 1 (`aps.relevance-score`).
    open internal(set) var relevanceScore: Double = 0
    /// The Focus filter criteria (`aps.filter-criteria`).
    open internal(set) var filterCriteria: String?

    /// The communication styling set by `updating(from:)`; nil for a plain notification.
    var communication: CommunicationContext?

    /// Creates empty content.
    public override init() { super.init() }

    /// A copy of the same class.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UNNotificationContent()
        copy.assign(from: self)
        return copy
    }

    /// A mutable copy: a `UNMutableNotificationContent` with the same values.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = UNMutableNotificationContent()
        copy.assign(from: self)
        return copy
    }

    /// Copies every field of `other` into this object.
    func assign(from other: UNNotificationContent) {
        title = other.title
        subtitle = other.subtitle
        body = other.body
        badge = other.badge
        sound = other.sound
        launchImageName = other.launchImageName
        categoryIdentifier = other.categoryIdentifier
        threadIdentifier = other.threadIdentifier
        userInfo = other.userInfo
        attachments = other.attachments
        targetContentIdentifier = other.targetContentIdentifier
        interruptionLevel = other.interruptionLevel
        relevanceScore = other.relevanceScore
        filterCriteria = other.filterCriteria
        communication = other.communication
    }

    /// A copy of this content updated from a content provider, such as an `INSendMessageIntent`.
    ///
    /// As on iOS 15+, the copy carries the intent's communication information (sender, conversation,
    /// group); the text fields are left as they are. Whether iOS styles the notification as a
    /// communication depends on the app's entitlement, checked at delivery. Throws
    /// `UNError.contentProvidingInvalid` for a provider that is not one of the SDK's intents
    /// (which code Apple throws is not documented: a modelling choice).
    open func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        guard let intent = provider as? INSendMessageIntent else {
            throw UNError(.contentProvidingInvalid)
        }
        let copy = UNNotificationContent()
        copy.assign(from: self)
        copy.communication = CommunicationContext(intent: intent)
        return copy
    }
}

/// An object that can supply communication information to `UNNotificationContent.updating(from:)`.
public protocol UNNotificationContentProviding: AnyObject {}

/// How much a notification interrupts the user.
public enum UNNotificationInterruptionLevel: UInt, Sendable {
    /// Added to the list without lighting the screen or playing a sound.
    case passive = 0
    /// Lights the screen and may play a sound.
    case active = 1
    /// May be presented during Do Not Disturb.
    case timeSensitive = 2
    /// Always presented; bypasses the mute switch.
    case critical = 3

    /// The payload spelling: `passive`, `active`, `time-sensitive`, `critical`.
    public var payloadName: String {
        switch self {
        case .passive: "passive"
        case .active: "active"
        case .timeSensitive: "time-sensitive"
        case .critical: "critical"
        }
    }

    /// The level for a payload spelling, or nil.
    public init?(payloadName: String) {
        switch payloadName {
        case "passive": self = .passive
        case "active": self = .active
        case "time-sensitive": self = .timeSensitive
        case "critical": self = .critical
        default: return nil
        }
    }
}
