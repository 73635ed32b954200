/// `fcm.data-value-not-string`: FCM `data` is a map of strings; any other value is refused.
struct FCMDataValueNotStringRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.data-value-not-string", severity: .error,
        summary: "Every value in message.data must be a string; FCM refuses numbers, Booleans, objects and null with 400 INVALID_ARGUMENT (\"Invalid value at 'message.data[0].value' (TYPE_STRING)\").",
        source: RuleSource.fcmErrorCodes, confidence: .google, refusesRequest: true,
        example: #"{"message": {"token": "…", "data": {"count": 3}}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports each non-string data value.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1, let data = input.document["message"]?["data"], let members = data.members else { return }
        for m in members where m.value.stringValue == nil {
            let fix: String
            switch m.value {
            case .number(let n, _): fix = "write \"\(n.text)\""
            case .bool(let b, _): fix = "write \"\(b)\""
            case .object, .array: fix = "encode it as a JSON string, or move it to apns.payload where any JSON type is allowed"
            default: fix = "write a string, or remove the key"
            }
            diagnostics.append(input.diagnostic(Self.description,
                "data.\(m.key) is \(APSKeyTypeRule.withArticle(m.value.typeName)); FCM data values must be strings, so FCM refuses the request: \(fix)",
                document: JSONPath("message.data").appending(m.key), at: m.value.location))
        }
    }
}
