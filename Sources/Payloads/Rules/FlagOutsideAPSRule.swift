/// `apns.mutable-content-outside-aps`: `mutable-content` or `content-available` written anywhere but inside `aps`.
struct FlagOutsideAPSRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.mutable-content-outside-aps", severity: .error,
        summary: "mutable-content and content-available only work inside aps; at the top level of the payload, in aps.alert, in FCM's notification or data, as gcm.notification.*, or as a header in FCM's apns.headers (they are payload keys, not APNs headers, whatever Firebase's image guide's bullet says; its sample puts them in apns.payload.aps) they do nothing and the extension never runs.",
        source: RuleSource.flagOutsideApsIssue, confidence: .community,
        example: #"{"aps": {"alert": "Hi"}, "mutable-content": 1}"#)
    /// Creates the rule.
    public init() {}

    /// The flag a key spells, in any case, with `-`/`_` or camelCase, with or without `gcm.notification.`.
    static func flag(named key: String) -> String? {
        var name = key
        if name.hasPrefix("gcm.notification.") { name = String(name.dropFirst("gcm.notification.".count)) }
        switch APSKey.normalize(name) {
        case "mutablecontent": return "mutable-content"
        case "contentavailable": return "content-available"
        default: return nil
        }
    }

    /// Looks at the payload's top level and `aps.alert`, and for FCM at `message`, `notification` and `apns`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        for m in input.request.payload.members ?? [] where m.key != "aps" {
            guard let flag = Self.flag(named: m.key) else { continue }
            diagnostics.append(input.diagnostic(Self.description, message(flag, found: input.displayName(ofPayload: JSONPath([.key(m.key)])), input),
                                                payload: JSONPath([.key(m.key)]), atKey: true))
        }
        let alertPath = LintContext.apsPath.appending("alert")
        for m in input.request.payload.value(at: alertPath)?.members ?? [] {
            guard let flag = Self.flag(named: m.key) else { continue }
            let path = alertPath.appending(m.key)
            diagnostics.append(input.diagnostic(Self.description, message(flag, found: input.displayName(ofPayload: path), input), payload: path, atKey: true))
        }
        guard input.kind == .fcmV1, let message = input.document["message"] else { return }
        let messagePath: JSONPath = "message"
        // Firebase's image guide says headers({"mutable-content": 1}), but it is a payload key, not an APNs header.
        let apnsHeaders = input.payload.aps?.isMutable == true ? nil : message["apns"]?["headers"]
        let containers: [(String, JSONValue?)] = [("", message), ("notification", message["notification"]), ("apns", message["apns"]),
                                                  ("apns.headers", apnsHeaders)]
        for (container, value) in containers {
            let base = container.isEmpty ? messagePath : messagePath.appending(JSONPath(stringLiteral: container))
            for m in value?.members ?? [] {
                guard let flag = Self.flag(named: m.key) else { continue }
                let path = base.appending(m.key)
                diagnostics.append(input.diagnostic(Self.description, self.message(flag, found: path.dropping(1).description, input), document: path, atKey: true))
            }
        }
    }

    private func message(_ flag: String, found: String, _ input: LintContext) -> String {
        let place = input.kind == .fcmV1 ? "apns.payload.aps" : "aps"
        let effect = flag == "mutable-content" ? "the service extension will not run" : "iOS will not treat it as a background update"
        return "\(found) is outside aps, where it is just a custom key and \(effect); write \"\(flag)\": 1 inside \(place)"
    }
}
