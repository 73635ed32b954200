/// `fcm.reserved-data-key`: a `data` key FCM reserves (`from`, `message_type`, `google`, `gcm`, `google.…`, `gcm.…`).
struct FCMReservedDataKeyRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.reserved-data-key", severity: .error,
        summary: "data keys must not be reserved words: \"from\", \"message_type\", \"google\", \"gcm\", or keys starting with \"google.\" or \"gcm.\" (Firebase's reference; gcm.notification. keys included); FCM refuses them (400 INVALID_ARGUMENT, Invalid data key). A key that only begins with the letters, such as googleAnalytics, is not reserved, and \"notification\" is accepted in practice.",
        source: RuleSource.fcmErrorCode, confidence: .google, refusesRequest: true,
        example: #"{"message": {"token": "…", "data": {"from": "Ann"}}}"#)
    /// Creates the rule.
    public init() {}

    /// True for keys FCM refuses; `notification` is not one of them.
    static func isReserved(_ key: String) -> Bool {
        if key == "from" || key == "message_type" || key == "google" || key == "gcm" { return true }
        return key.hasPrefix("google.") || key.hasPrefix("gcm.")
    }

    /// Reports each reserved key.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let members = input.document["message"]?["data"]?.members else { return }
        for m in members where Self.isReserved(m.key) {
            if FlagOutsideAPSRule.flag(named: m.key) != nil { continue } // gcm.notification.mutable-content: the flag rule says more
            diagnostics.append(input.diagnostic(Self.description,
                "data key '\(m.key)' is reserved by FCM, which refuses the request (Invalid data key); rename it, for example 'sender' instead of 'from'",
                document: JSONPath("message.data").appending(m.key), at: m.keyLocation))
        }
    }
}
