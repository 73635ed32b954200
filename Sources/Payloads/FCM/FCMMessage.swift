/// FCM HTTP v1 `Message` (domain-rules §5.1), as far as it matters for Apple devices.
public struct FCMMessage: Sendable, Equatable {
    /// The targets present, in the order token, topic, condition (valid messages have exactly one).
    public var targets: [FCMTarget]
    /// `notification`, if present.
    public var notification: FCMNotification?
    /// `data` members as written (values should all be strings), in order.
    public var data: [JSONMember]
    /// `apns`, if present.
    public var apns: FCMApnsConfig?
    /// `fcm_options.analytics_label`.
    public var analyticsLabel: String?
    /// True when `android` is present (ignored for Apple devices).
    public var hasAndroidConfig: Bool
    /// True when `webpush` is present (ignored for Apple devices).
    public var hasWebpushConfig: Bool
    /// The message as read, with locations.
    public var json: JSONValue

    /// Reads a message object.
    public init(json: JSONValue) {
        self.json = json
        var targets: [FCMTarget] = []
        if let t = json["token"]?.stringValue { targets.append(.token(t)) }
        if let t = json["topic"]?.stringValue { targets.append(.topic(t)) }
        if let c = json["condition"]?.stringValue { targets.append(.condition(c)) }
        self.targets = targets
        notification = json.members?.first(where: { $0.key == "notification" }).flatMap { member in
            member.value.members != nil ? FCMNotification(json: member.value, keyLocation: member.keyLocation) : nil
        }
        data = json["data"]?.members ?? []
        apns = json["apns"].flatMap { $0.members != nil ? FCMApnsConfig(json: $0) : nil }
        analyticsLabel = json.field("fcm_options")?.field("analytics_label")?.stringValue
        hasAndroidConfig = json["android"] != nil
        hasWebpushConfig = json["webpush"] != nil
    }

    /// Reads the `message` of a send body `{"message": …}`; an empty message when the body has none.
    public init(body: JSONValue) {
        self.init(json: body["message"] ?? .object([], .none))
    }

    /// Where the message starts in its file.
    public var location: SourceLocation { json.location }

    /// The single target, when there is exactly one.
    public var target: FCMTarget? { targets.count == 1 ? targets.first : nil }

    /// True when the message has no notification part and its APNs payload has no alert: "data-only".
    /// A Live Activity message (`apns.live_activity_token`) is not one: its `aps` goes to ActivityKit.
    public var isDataOnly: Bool {
        let hasNotificationText = (notification?.title ?? notification?.body) != nil
        let alert = apns?.payload?["aps"]?["alert"]
        return !hasNotificationText && alert == nil && apns?.liveActivityToken == nil
    }
}
