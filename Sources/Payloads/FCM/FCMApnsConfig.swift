/// FCM v1 `message.apns`: the APNs headers, payload and FCM options for Apple devices (domain-rules §5.1).
public struct FCMApnsConfig: Sendable, Equatable {
    /// `headers`: APNs request headers (map of string to string); non-string values are left out.
    public var headers: [String: String]
    /// `payload`: the APNs payload, nil when absent or not an object.
    public var payload: JSONValue?
    /// `fcm_options.image`: overrides `notification.image` on Apple devices.
    public var image: String?
    /// `fcm_options.analytics_label`.
    public var analyticsLabel: String?
    /// `live_activity_token`.
    public var liveActivityToken: String?

    /// Creates an empty configuration.
    public init() { headers = [:] }

    /// Reads the object; fields of the wrong type are nil or left out.
    public init(json: JSONValue) {
        self.init()
        for m in json["headers"]?.members ?? [] {
            if let s = m.value.stringValue { headers[m.key.lowercasedASCII()] = s }
        }
        if let p = json["payload"], p.members != nil { payload = p }
        image = json.field("fcm_options")?["image"]?.stringValue
        analyticsLabel = json.field("fcm_options")?.field("analytics_label")?.stringValue
        liveActivityToken = json.field("live_activity_token")?.stringValue
    }
}
