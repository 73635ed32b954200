/// `fcm.admin-sdk-aps-key`: an Apple key inside `apns.payload.aps` written as the Admin SDKs spell it
/// (`mutableContent`, `contentAvailable`, `threadId`, `locKey`, …): FCM passes it on as written, and iOS ignores it.
struct FCMAdminSDKAPSKeyRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.admin-sdk-aps-key", severity: .error,
        summary: "The Admin SDKs take aps keys in their own spelling (Node aps.mutableContent: true, contentAvailable, threadId, alert.locKey, …; Java setMutableContent(true); Go MutableContent) and turn them into Apple's (\"mutable-content\": 1) when they send. apns.payload is a free JSON object in the REST API, so the same spelling in a REST body reaches APNs as written: iOS ignores the key, the extension never runs and the app is never woken. Write Apple's key.",
        source: RuleSource.adminSDKValidation + " ; " + RuleSource.snakeCaseFlagsIssue + " ; " + RuleSource.generatingRemoteNotification,
        confidence: .sdk,
        example: #"{"message": {"token": "…", "apns": {"payload": {"aps": {"alert": "Hi", "mutableContent": true}}}}}"#)
    /// Creates the rule.
    public init() {}

    /// The Apple key a camelCase spelling (the Node Admin SDK's, pasted as JSON) of a key of `keys` stands
    /// for, or nil; snake_case is `apns.snake-case-flag`'s finding.
    static func appleKey(for key: String, in keys: [APSKey]) -> APSKey? {
        guard !key.contains("_"), key.unicodeScalars.contains(where: { (65...90).contains($0.value) }) else { return nil }
        return APSKey.misspelling(of: key, in: keys)
    }

    /// Reports SDK spellings in `aps`, `aps.alert` and `aps.sound` of an FCM message.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1 else { return }
        let aps = LintContext.apsPath
        let alertKeys = input.pushType == .liveactivity ? APSKey.liveActivityAlertKeys : APSKey.alertKeys
        for (path, keys) in [(aps, APSKey.apsKeys), (aps.appending("alert"), alertKeys), (aps.appending("sound"), APSKey.soundKeys)] {
            for m in input.request.payload.value(at: path)?.members ?? [] {
                guard let meant = Self.appleKey(for: m.key, in: keys) else { continue }
                let value = meant.types == [.number] && m.value.boolValue != nil ? "1" : input.brief(m.value)
                diagnostics.append(input.diagnostic(Self.description,
                    "'\(m.key)' is the Admin SDKs' spelling, which they turn into \"\(meant.name)\" when they send; a REST body reaches APNs as written, so iOS ignores it\(meant.name == "mutable-content" ? " and the extension never runs" : meant.name == "content-available" ? " and the app is never woken" : ""): write \"\(meant.name)\": \(value)",
                    payload: path.appending(m.key), at: m.keyLocation))
            }
        }
    }
}
