/// The `aps` dictionary (Apple's Table 1); each field is nil when absent or not of Apple's type.
/// A repeated key is read from its first member, as `json.duplicate-key` documents (later ones are ignored).
public struct APS: Sendable, Equatable {
    /// `alert`: a string or a dictionary.
    public var alert: APNsAlert?
    /// `badge`: the number on the app icon; `0` removes it, absent leaves it unchanged.
    public var badge: Int?
    /// `sound`: a name or a critical-alert dictionary.
    public var sound: APNsSound?
    /// `thread-id`.
    public var threadID: String?
    /// `category`.
    public var category: String?
    /// `content-available` (a number; `1` marks a background update). Booleans are not numbers: nil.
    public var contentAvailable: Int?
    /// `mutable-content` (a number; `1` lets the service extension run). Booleans are not numbers: nil.
    public var mutableContent: Int?
    /// True when `mutable-content` is written as the Boolean `true`, which is not Apple's type
    /// (`apns.flag-is-boolean`; `mutableContent` is nil then).
    public var mutableContentIsTrue = false
    /// `target-content-id`.
    public var targetContentID: String?
    /// `interruption-level`, as written.
    public var interruptionLevelName: String?
    /// `relevance-score`.
    public var relevanceScore: Double?
    /// `filter-criteria`.
    public var filterCriteria: String?
    /// `stale-date` (Live Activity).
    public var staleDate: Double?
    /// `content-state` (Live Activity).
    public var contentState: JSONValue?
    /// `timestamp` (Live Activity).
    public var timestamp: Double?
    /// `event` (Live Activity: start, update, end).
    public var event: String?
    /// `dismissal-date` (Live Activity).
    public var dismissalDate: Double?
    /// `attributes-type` (Live Activity start).
    public var attributesType: String?
    /// `attributes` (Live Activity start).
    public var attributes: JSONValue?
    /// `content-changed` (widgets and controls reloads), when it is a Boolean.
    public var contentChanged: Bool?
    /// `input-push-token` (Live Activity start, iOS 18: ask for an update token).
    public var inputPushToken: Int?
    /// `input-push-channel` (Live Activity start, iOS 18: subscribe to a channel).
    public var inputPushChannel: String?
    /// Members Apple does not define (APNs ignores them), in order.
    public var otherMembers: [JSONMember]

    /// An empty `aps`.
    public init() { otherMembers = [] }

    /// Reads `aps` from its JSON members (the first of repeated keys).
    public init(members: [JSONMember]) {
        self.init()
        for m in members.firstOfEachKey {
            let v = m.value
            switch m.key {
            case "alert": alert = APNsAlert(json: v)
            case "badge": badge = v.numberValue?.intValue
            case "sound": sound = APNsSound(json: v)
            case "thread-id": threadID = v.stringValue
            case "category": category = v.stringValue
            case "content-available": contentAvailable = v.numberValue?.intValue
            case "mutable-content":
                mutableContent = v.numberValue?.intValue
                mutableContentIsTrue = v.boolValue == true
            case "target-content-id": targetContentID = v.stringValue
            case "interruption-level": interruptionLevelName = v.stringValue
            case "relevance-score": relevanceScore = v.numberValue?.doubleValue
            case "filter-criteria": filterCriteria = v.stringValue
            case "stale-date": staleDate = v.numberValue?.doubleValue
            case "content-state": contentState = v.members != nil ? v : nil
            case "timestamp": timestamp = v.numberValue?.doubleValue
            case "event": event = v.stringValue
            case "dismissal-date": dismissalDate = v.numberValue?.doubleValue
            case "attributes-type": attributesType = v.stringValue
            case "attributes": attributes = v.members != nil ? v : nil
            case "content-changed": contentChanged = v.boolValue
            case "input-push-token": inputPushToken = v.numberValue?.intValue
            case "input-push-channel": inputPushChannel = v.stringValue
            default: otherMembers.append(m)
            }
        }
    }

    /// The interruption level, when it is one of Apple's four.
    public var interruptionLevel: APNsInterruptionLevel? { interruptionLevelName.flatMap(APNsInterruptionLevel.init(rawValue:)) }

    /// True when `mutable-content` is the number 1.
    public var isMutable: Bool { mutableContent == 1 }

    /// True when `content-available` is the number 1.
    public var isContentAvailable: Bool { contentAvailable == 1 }

    /// True when the push asks for user interaction: an alert, a badge or a sound.
    public var hasUserInteraction: Bool { alert != nil || badge != nil || sound != nil }
}
