/// `apns.custom-value-null`: a custom key whose value is `null`.
struct CustomValueNullRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.custom-value-null", severity: .warning,
        summary: "The value of a custom key next to aps must be a dictionary, array, string, number or Boolean; Apple's list does not include null. Values nested inside a custom dictionary or array are the app's own JSON and are not checked, and FCM's data values have their own rule (fcm.data-value-not-string).",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"alert": "Hi"}, "threadId": null}"#)
    /// Creates the rule.
    public init() {}
    /// Reports top-level custom keys set to null (FCM data values are `fcm.data-value-not-string`'s).
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        for m in input.request.payload.members ?? [] where m.key != "aps" {
            guard case .null = m.value else { continue }
            let path = JSONPath([.key(m.key)])
            if input.sourcePath(ofPayload: path).hasPrefix("message.data") { continue }
            diagnostics.append(input.diagnostic(Self.description,
                "custom key '\(m.key)' is null; Apple allows dictionary, array, string, number or Boolean values, so remove the key or give it a value",
                payload: path, at: m.value.location))
        }
    }
}
