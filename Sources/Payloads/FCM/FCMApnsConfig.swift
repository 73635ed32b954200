/// FCM v1 `message.apns`: the APNs headers, payload and FCM options for Apple devices (domain-rules §5.1).
///
/// Beside the typed fields it keeps what the APNs translation needs as written (header names, the
/// image member, how `fcm_options` and `live_activity_token` were spelled, where `payload` was
/// written), so the message is read once. Equality ignores where things were written.
public struct FCMApnsConfig: Sendable, Equatable {
    /// `headers`: APNs request headers (map of string to string), by lowercased name; non-string values
    /// are left out, and of names that differ only in case the last one counts.
    public var headers: [String: String]
    /// The names of `headers` as written, by lowercased name (the one whose value counts).
    public var headerNames: [String: String]
    /// `payload`: the APNs payload, nil when absent or not an object.
    public var payload: JSONValue?
    /// Where `payload` was written, whatever its type; nil when absent.
    public var payloadLocation: SourceLocation?
    /// `fcm_options.image`: overrides `notification.image` on Apple devices.
    public var image: String?
    /// `fcm_options.image` as written, whatever its type: the member the APNs payload's `fcm_options` gets.
    public var imageMember: JSONMember?
    /// How `fcm_options` was spelled (`fcm_options`, else `fcmOptions`), when present.
    public var fcmOptionsKey: String?
    /// `fcm_options.analytics_label`.
    public var analyticsLabel: String?
    /// `live_activity_token`.
    public var liveActivityToken: String?
    /// How `live_activity_token` was spelled (`live_activity_token`, else `liveActivityToken`), when present.
    public var liveActivityTokenKey: String?

    /// Creates an empty configuration.
    public init() {
        headers = [:]
        headerNames = [:]
    }

    /// Reads the object; fields of the wrong type are nil or left out.
    public init(json: JSONValue) {
        self.init()
        for m in json["headers"]?.members ?? [] {
            guard let s = m.value.stringValue else { continue }
            headers[m.key.lowercasedASCII()] = s
            headerNames[m.key.lowercasedASCII()] = m.key
        }
        payloadLocation = json["payload"]?.location
        if let p = json["payload"], p.members != nil { payload = p }
        fcmOptionsKey = Self.spelling(of: "fcm_options", in: json)
        let options = fcmOptionsKey.flatMap { json[$0] }
        image = options?["image"]?.stringValue
        imageMember = options?.members?.first { $0.key == "image" }
        analyticsLabel = options?.field("analytics_label")?.stringValue
        liveActivityTokenKey = Self.spelling(of: "live_activity_token", in: json)
        liveActivityToken = liveActivityTokenKey.flatMap { json[$0] }?.stringValue
    }

    /// The key `snake` is written as in `json`: itself, else its lowerCamelCase spelling; nil when neither is there.
    private static func spelling(of snake: String, in json: JSONValue) -> String? {
        if json[snake] != nil { return snake }
        let camel = FieldName.camel(snake)
        return json[camel] != nil ? camel : nil
    }

    /// Compares the fields, ignoring where things were written.
    public static func == (lhs: FCMApnsConfig, rhs: FCMApnsConfig) -> Bool {
        lhs.headers == rhs.headers && lhs.headerNames == rhs.headerNames && lhs.payload == rhs.payload
            && lhs.image == rhs.image && lhs.imageMember == rhs.imageMember && lhs.fcmOptionsKey == rhs.fcmOptionsKey
            && lhs.analyticsLabel == rhs.analyticsLabel && lhs.liveActivityToken == rhs.liveActivityToken
            && lhs.liveActivityTokenKey == rhs.liveActivityTokenKey
    }
}
