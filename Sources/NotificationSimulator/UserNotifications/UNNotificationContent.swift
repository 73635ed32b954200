import Foundation

/// The content of a notification, as iOS hands it to an app or an extension (read-only).
///
/// Mirrors Apple's `UNNotificationContent`: the same property names, types and defaults
/// (domain-rules §1.7 and §7.1). `mutableCopy()` gives a `UNMutableNotificationContent`.
@available(iOS 10.0, *)
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The title; `""` when the payload has none.
    open internal(set) var title: String = ""
    /// The subtitle; `""` when the payload has none.
    open internal(set) var subtitle: String = ""
    /// The body text; `""` when the payload has none.
    open internal(set) var body: String = ""
    /// The badge; nil leaves the badge unchanged, 0 removes it.
    @NSCopying open internal(set) var badge: NSNumber?
    /// The sound, or nil for none.
    @NSCopying open internal(set) var sound: UNNotificationSound?
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
    /// The argument inserted into the category's summary format (ignored since iOS 15).
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgument is ignored")
    open internal(set) var summaryArgument: String = ""
    /// The number of items the notification adds to the summary (ignored since iOS 15).
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgumentCount is ignored")
    open internal(set) var summaryArgumentCount: Int = 0
    /// The scene brought forward (`aps.target-content-id`).
    @available(iOS 13.0, *)
    open internal(set) var targetContentIdentifier: String?
    /// How the notification interrupts (`aps.interruption-level`).
    @available(iOS 15.0, *)
    open internal(set) var interruptionLevel: UNNotificationInterruptionLevel = .active
    /// The relevance score, expected between 0 and 1 (`aps.relevance-score`).
    @available(iOS 15.0, *)
    open internal(set) var relevanceScore: Double = 0
    /// The Focus filter criteria (`aps.filter-criteria`).
    @available(iOS 16.0, *)
    open internal(set) var filterCriteria: String?

    /// The communication styling set by `updating(from:)`; nil for a plain notification.
    var communication: CommunicationContext?
    /// The fields as `updating(from:)` returned them, to tell whether code changed them afterwards.
    var fieldsWhenUpdated: Fields?

    /// Creates empty content.
    public override init() { super.init() }

    /// An immutable copy with the same values.
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
        summaryArgument = other.summaryArgument
        summaryArgumentCount = other.summaryArgumentCount
        targetContentIdentifier = other.targetContentIdentifier
        interruptionLevel = other.interruptionLevel
        relevanceScore = other.relevanceScore
        filterCriteria = other.filterCriteria
        communication = other.communication
        fieldsWhenUpdated = other.fieldsWhenUpdated
    }

    /// A copy of this content updated from a content provider: an `INSendMessageIntent` or an
    /// `INStartCallIntent` (iOS 15 and later).
    ///
    /// The copy carries the intent's communication information (sender, conversation, group); the
    /// text fields are left as they are. Whether iOS styles the notification as a communication
    /// depends on the app's entitlement, checked at delivery.
    ///
    /// Modelling choices (rule `ios.updating-from-returns-receiver-class`): the copy has the
    /// receiver's class, so the `UNMutableNotificationContent` of an extension gives a mutable copy,
    /// as community code that casts the result with `as!` reports of devices; and any other provider
    /// throws `UNError.contentProvidingInvalid` (Apple does not say which code).
    @available(iOS 15.0, *)
    open func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        let context: CommunicationContext
        switch provider {
        case let message as INSendMessageIntent: context = CommunicationContext(message: message)
        case let call as INStartCallIntent: context = CommunicationContext(call: call)
        default: throw UNError.simulated(.contentProvidingInvalid)
        }
        let updated: UNNotificationContent = self is UNMutableNotificationContent ? UNMutableNotificationContent() : UNNotificationContent()
        updated.assign(from: self)
        updated.communication = context
        updated.fieldsWhenUpdated = updated.fields
        return updated
    }

    /// The fields a user sees, for telling whether content changed after `updating(from:)`.
    struct Fields: Equatable {
        var title, subtitle, body, threadIdentifier, categoryIdentifier: String
        var badge: Int?
        var sound: String?
        var attachments: [String]
        var interruptionLevel: UNNotificationInterruptionLevel
        var relevanceScore: Double
    }

    /// The current fields.
    var fields: Fields {
        Fields(title: title, subtitle: subtitle, body: body, threadIdentifier: threadIdentifier, categoryIdentifier: categoryIdentifier,
               badge: badge?.intValue, sound: sound?.recordName, attachments: attachments.map(\.identifier),
               interruptionLevel: interruptionLevel, relevanceScore: relevanceScore)
    }

    /// True when the fields differ from what `updating(from:)` returned.
    var changedAfterUpdate: Bool {
        guard let fieldsWhenUpdated else { return false }
        return fieldsWhenUpdated != fields
    }
}

/// An object that can supply communication information to `UNNotificationContent.updating(from:)`.
/// Apple: do not conform your own types; only the SDK's intents are honoured.
@available(iOS 15.0, *)
public protocol UNNotificationContentProviding: NSObjectProtocol {}

/// How much a notification interrupts the user.
@available(iOS 15.0, *)
public enum UNNotificationInterruptionLevel: UInt, @unchecked Sendable {
    /// Added to the list without lighting the screen or playing a sound.
    case passive = 0
    /// Lights the screen and may play a sound.
    case active = 1
    /// May be presented during Do Not Disturb.
    case timeSensitive = 2
    /// Always presented; bypasses the mute switch.
    case critical = 3
}
