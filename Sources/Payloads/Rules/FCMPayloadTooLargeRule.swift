/// `fcm.payload-too-large`: FCM refuses messages over 4096 bytes ("Message too big").
struct FCMPayloadTooLargeRule: PayloadRule {
    /// FCM's limit for notification and data messages.
    public static let limit = 4096

    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.payload-too-large", severity: .error,
        summary: "An FCM message may carry at most 4096 bytes (keys and values); FCM refuses larger ones (400 INVALID_ARGUMENT, Message too big). Measured on the APNs payload it becomes, without the keys FCM adds itself. Google's ErrorCode page says 2048 for topic messages: see fcm.topic-payload-size.",
        source: RuleSource.fcmMessageTypes, confidence: .google, refusesRequest: true,
        example: "a message whose data values add up to 5000 bytes")
    /// Creates the rule.
    public init() {}

    /// The size FCM's limits are checked against: the translated payload without FCM's own keys.
    static func measuredBytes(_ input: LintContext) -> Int {
        guard case .object(let members, let location) = input.request.payload else { return input.request.bytes }
        let own = members.filter { !(input.addedKeys.contains($0.key) && ($0.key.hasPrefix("gcm.") || $0.key.hasPrefix("google."))) }
        return JSONWriter.compact(.object(own, location)).utf8.count
    }

    /// Reports a message over the limit.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1 else { return }
        let bytes = Self.measuredBytes(input)
        guard bytes > Self.limit else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "the APNs payload this message becomes is \(bytes) bytes, over FCM's limit of \(Self.limit); FCM refuses it (Message too big). Send less text, or an id the app uses to fetch the rest",
            document: "message", atKey: true))
    }
}
