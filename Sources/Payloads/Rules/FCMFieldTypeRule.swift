/// `fcm.field-type`: a field of the FCM send body has the wrong JSON type; FCM answers 400 INVALID_ARGUMENT.
struct FCMFieldTypeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.field-type", severity: .error,
        summary: "Each field of the FCM v1 body has the type of the API reference (token a string, notification an object, apns.headers a map of strings, validate_only a Boolean, …); FCM refuses others with 400 INVALID_ARGUMENT.",
        source: RuleSource.fcmMessage, confidence: .google, refusesRequest: true,
        example: #"{"message": {"token": "…", "apns": {"headers": {"apns-priority": 5}}}}"#)
    /// Creates the rule.
    public init() {}
    /// Checks every known field, and that `apns.headers` values are strings.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1 else { return }
        for (_, m, written, field) in FCMSchema.members(of: input.document) {
            guard let field, !field.type.matches(m.value) else { continue }
            diagnostics.append(input.diagnostic(Self.description,
                "\(written.appending(m.key)) must be \(APSKeyTypeRule.withArticle(field.type == .object ? "object" : field.type.rawValue)), found \(APSKeyTypeRule.withArticle(m.value.typeName)) (\(input.brief(m.value))); FCM refuses the request",
                document: written.appending(m.key), at: m.value.location))
        }
        if let (headers, written) = FCMSchema.resolve("message.apns.headers", in: input.document) {
            for m in headers.members ?? [] where m.value.stringValue == nil {
                let fix: String
                switch m.value {
                case .number(let n, _): fix = "; write \"\(n.text)\" in quotes"
                default: fix = "; header values are strings"
                }
                diagnostics.append(input.diagnostic(Self.description,
                    "apns.headers.\(m.key) must be a string, found \(APSKeyTypeRule.withArticle(m.value.typeName)) (\(input.brief(m.value)))\(fix)",
                    document: written.appending(m.key), at: m.value.location))
            }
        }
    }
}
