/// `fcm.topic-name`: topic names use only letters, digits and `-_.~%`.
struct FCMTopicNameRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.topic-name", severity: .warning,
        summary: "A topic name matches [a-zA-Z0-9-_.~%]+ (the Firebase Admin SDK's check; the API's own check is not documented).",
        source: RuleSource.adminSDKValidation, confidence: .sdk,
        example: #"{"message": {"topic": "breaking news"}}"#)
    /// Creates the rule.
    public init() {}

    /// True when `name` is non-empty and uses only the allowed characters.
    static func isValid(_ name: Substring) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { s in
            s.isASCII && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || "-_.~%".unicodeScalars.contains(s))
        }
    }

    /// Reports a topic with other characters (after any `/topics/` prefix).
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let topic = input.document["message"]?["topic"]?.stringValue else { return }
        let name = topic.hasPrefix("/topics/") ? topic.dropFirst("/topics/".count) : Substring(topic)
        guard !Self.isValid(name) else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "topic \"\(topic)\" has characters outside letters, digits and -_.~%; the Admin SDK refuses it, so rename the topic (for example with '-' instead of spaces)",
            document: "message.topic"))
    }
}
