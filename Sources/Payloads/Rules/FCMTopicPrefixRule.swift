/// `fcm.topic-prefix`: the v1 `topic` is the bare name, without `/topics/`.
struct FCMTopicPrefixRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.topic-prefix", severity: .warning,
        summary: "message.topic is the topic name without the \"/topics/\" prefix (the Admin SDK strips it; the raw API takes the name as given).",
        source: RuleSource.fcmMessage, confidence: .google,
        example: #"{"message": {"topic": "/topics/news"}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a topic starting with `/topics/`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let topic = input.document["message"]?["topic"]?.stringValue, topic.hasPrefix("/topics/") else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "topic \"\(topic)\" starts with /topics/; the v1 API wants the bare name: \"\(topic.dropFirst("/topics/".count))\"",
            document: "message.topic"))
    }
}
