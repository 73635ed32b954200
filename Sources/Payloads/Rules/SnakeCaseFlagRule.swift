/// `apns.snake-case-flag`: `mutable_content`, `mutableContent`, `content_available`, … inside `aps`.
struct SnakeCaseFlagRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.snake-case-flag", severity: .error,
        summary: "Inside aps the flags are spelt with a hyphen, mutable-content and content-available; snake_case or camelCase spellings (SDK field names) are ignored and the extension does not run.",
        source: RuleSource.snakeCaseFlagsIssue, confidence: .community,
        example: #"{"aps": {"alert": "Hi", "mutable_content": 1}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports misspelt flags inside `aps`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        for m in input.apsMembers ?? [] {
            guard let meant = APSKey.misspelling(of: m.key, in: APSKey.apsKeys),
                  meant.name == "mutable-content" || meant.name == "content-available" else { continue }
            // In an FCM body an SDK spelling is `fcm.admin-sdk-aps-key`'s finding.
            if input.kind == .fcmV1, FCMAdminSDKAPSKeyRule.appleKey(for: m.key, in: APSKey.apsKeys) != nil { continue }
            let path = LintContext.apsPath.appending(m.key)
            diagnostics.append(input.diagnostic(Self.description,
                "'\(m.key)' is not '\(meant.name)': APNs keys use hyphens, so iOS ignores this one; write \"\(meant.name)\": 1",
                payload: path, atKey: true))
        }
    }
}
