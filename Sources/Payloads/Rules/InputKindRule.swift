/// `input.kind`: the file is neither an FCM v1 send body, nor an APNs payload, nor a Simulator file.
struct InputKindRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "input.kind", severity: .error,
        summary: "The file must be an FCM HTTP v1 send body ({\"message\": {…}}), an APNs payload (a dictionary with aps) or an Xcode Simulator .apns file.",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"to": "…", "notification": {"title": "Hi"}}"#)
    /// Creates the rule.
    public init() {}
    /// Inputs of a known kind have nothing to report; see `diagnostic(for:)`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {}

    /// The diagnostic for a document whose kind is unknown.
    public static func diagnostic(for document: JSONValue) -> Diagnostic {
        let message: String
        if let members = document.members {
            let keys = Set(members.map { $0.key })
            if keys.contains("to") || keys.contains("registration_ids") {
                message = "this looks like a legacy FCM body (\"to\"); the HTTP v1 API wants {\"message\": {\"token\": …}}, and an APNs payload needs an \"aps\" dictionary"
            } else {
                message = "no \"aps\" dictionary and no \"message\": this is neither an APNs payload nor an FCM v1 send body; put Apple's keys inside \"aps\""
            }
        } else {
            message = "the file holds a JSON \(document.typeName), but a push payload must be a JSON dictionary"
        }
        return Diagnostic(rule: description.id, severity: description.severity, message: message, location: document.location, path: "")
    }
}
