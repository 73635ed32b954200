/// `apns.custom-key-in-aps`: a key inside `aps` (or its `alert`/`sound` dictionaries) that Apple does not define.
struct CustomKeyInAPSRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.custom-key-in-aps", severity: .warning,
        summary: "Keys inside aps, aps.alert and aps.sound that Apple does not define are ignored (\"APNs ignores custom keys\"); custom keys go next to aps.",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"alert": "Hi", "imageURL": "https://…"}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports unknown keys, suggesting the Apple key a misspelling was meant to be.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard let members = input.apsMembers else { return }
        let aps = LintContext.apsPath
        let fcm = input.kind == .fcmV1 // SDK spellings in an FCM body are `fcm.admin-sdk-aps-key`'s finding
        for m in members where APSKey.aps(m.key) == nil {
            if fcm, FCMAdminSDKAPSKeyRule.appleKey(for: m.key, in: APSKey.apsKeys) != nil { continue }
            // Misspelt flags are `apns.snake-case-flag`'s finding.
            if let meant = APSKey.misspelling(of: m.key, in: APSKey.apsKeys), meant.name == "mutable-content" || meant.name == "content-available" { continue }
            let path = aps.appending(m.key)
            var message = "'\(m.key)' is not an Apple aps key, so APNs ignores it"
            if let meant = APSKey.misspelling(of: m.key, in: APSKey.apsKeys) {
                message += "; did you mean '\(meant.name)'?"
            } else {
                message += "; move it out of aps to the top level of the payload, where the app reads it from userInfo"
            }
            diagnostics.append(input.diagnostic(Self.description, message, payload: path, at: m.keyLocation))
        }
        let alertKeys = input.pushType == .liveactivity ? APSKey.liveActivityAlertKeys : APSKey.alertKeys
        for (name, keys) in [("alert", alertKeys), ("sound", APSKey.soundKeys)] {
            guard let sub = input.request.payload.value(at: aps.appending(name))?.members else { continue }
            for m in sub where !keys.contains(where: { $0.name == m.key }) {
                if fcm, FCMAdminSDKAPSKeyRule.appleKey(for: m.key, in: keys) != nil { continue }
                let path = aps.appending(name).appending(m.key)
                if name == "alert", m.key == "mutable-content" || m.key == "content-available" { continue }
                var message: String
                if name == "alert", APSKey.deprecatedAlertKeys.contains(m.key) {
                    message = "'\(m.key)' is deprecated and no longer in Apple's alert keys; remove it"
                } else {
                    message = "'\(m.key)' is not an Apple key of aps.\(name), so iOS ignores it"
                    if let meant = APSKey.misspelling(of: m.key, in: keys) { message += "; did you mean '\(meant.name)'?" }
                }
                diagnostics.append(input.diagnostic(Self.description, message, payload: path, at: m.keyLocation))
            }
        }
    }
}
