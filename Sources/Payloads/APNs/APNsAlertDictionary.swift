/// The `aps.alert` dictionary (Apple's Table 2); each field is nil when absent or not of Apple's type.
/// A repeated key is read from its first member (`json.duplicate-key`).
public struct APNsAlertDictionary: Sendable, Equatable {
    /// `title`.
    public var title: String?
    /// `subtitle`.
    public var subtitle: String?
    /// `body`.
    public var body: String?
    /// `launch-image`.
    public var launchImage: String?
    /// `title-loc-key`.
    public var titleLocKey: String?
    /// `title-loc-args`.
    public var titleLocArgs: [String]?
    /// `subtitle-loc-key`.
    public var subtitleLocKey: String?
    /// `subtitle-loc-args`.
    public var subtitleLocArgs: [String]?
    /// `loc-key`.
    public var locKey: String?
    /// `loc-args`.
    public var locArgs: [String]?
    /// Members Apple does not define, in order.
    public var otherMembers: [JSONMember]

    /// Creates an alert with the given literal texts.
    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.otherMembers = []
    }

    /// Reads an alert dictionary from JSON members.
    public init(members: [JSONMember]) {
        self.init()
        func strings(_ v: JSONValue) -> [String]? {
            guard let a = v.arrayValue else { return nil }
            let s = a.compactMap { $0.stringValue }
            return s.count == a.count ? s : nil
        }
        for m in members.firstOfEachKey {
            switch m.key {
            case "title": title = m.value.stringValue
            case "subtitle": subtitle = m.value.stringValue
            case "body": body = m.value.stringValue
            case "launch-image": launchImage = m.value.stringValue
            case "title-loc-key": titleLocKey = m.value.stringValue
            case "title-loc-args": titleLocArgs = strings(m.value)
            case "subtitle-loc-key": subtitleLocKey = m.value.stringValue
            case "subtitle-loc-args": subtitleLocArgs = strings(m.value)
            case "loc-key": locKey = m.value.stringValue
            case "loc-args": locArgs = strings(m.value)
            default: otherMembers.append(m)
            }
        }
    }

    /// True when the alert has literal text in `title`, `subtitle` or `body` (non-empty).
    public var hasLiteralText: Bool {
        [title, subtitle, body].contains { ($0 ?? "").isEmpty == false }
    }

    /// True when the alert names a localization key for title, subtitle or body.
    public var hasLocalizationKey: Bool {
        [titleLocKey, subtitleLocKey, locKey].contains { ($0 ?? "").isEmpty == false }
    }
}
