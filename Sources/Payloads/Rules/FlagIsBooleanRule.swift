/// `apns.flag-is-boolean`: `mutable-content` or `content-available` given as `true`/`false` instead of a number.
struct FlagIsBooleanRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.flag-is-boolean", severity: .error,
        summary: "mutable-content and content-available are numbers (value 1), not Booleans; the Firebase Admin SDK rewrites true to 1, but raw APNs and FCM v1 requests pass true through unchanged.",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"alert": "Hi", "mutable-content": true}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports Boolean flags inside `aps`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        for m in input.apsMembers ?? [] where m.key == "mutable-content" || m.key == "content-available" {
            guard let b = m.value.boolValue else { continue }
            let path = LintContext.apsPath.appending(m.key)
            let fix = b ? "write \"\(m.key)\": 1" : "remove the key (or write 0)"
            diagnostics.append(input.diagnostic(Self.description,
                "\(input.displayName(ofPayload: path)) is the Boolean \(b); Apple documents a number, so \(fix)",
                payload: path))
        }
    }
}
