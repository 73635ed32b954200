/// `fcm.topic-payload-size`: a topic message over 2048 bytes, the limit Google's ErrorCode page gives for topics.
struct FCMTopicPayloadSizeRule: PayloadRule {
    /// The topic limit on Google's ErrorCode page.
    public static let limit = 2048

    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.topic-payload-size", severity: .warning,
        summary: "Google's docs conflict: the ErrorCode page says messages to topics may carry only 2048 bytes, the message-types page says 4096. Pushbook refuses only above 4096 and warns above 2048 for topic and condition messages.",
        source: RuleSource.fcmErrorCode, confidence: .google,
        example: "a 3000-byte message to a topic")
    /// Creates the rule.
    public init() {}
    /// Reports a topic or condition message between 2049 and 4096 bytes.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let message = input.document["message"],
              message["topic"] != nil || message["condition"] != nil else { return }
        let bytes = FCMPayloadTooLargeRule.measuredBytes(input)
        guard bytes > Self.limit, bytes <= FCMPayloadTooLargeRule.limit else { return }
        let target: JSONPath = message["topic"] != nil ? "message.topic" : "message.condition"
        diagnostics.append(input.diagnostic(Self.description,
            "this topic message is \(bytes) bytes; Google's ErrorCode page limits topic messages to 2048 bytes (the message-types page says 4096), so keep it under 2048 to be safe",
            document: target, atKey: true))
    }
}
