/// `fcm.unknown-field`: a field name the FCM v1 API does not define; FCM answers 400 INVALID_ARGUMENT ("Unknown name").
struct FCMUnknownFieldRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.unknown-field", severity: .error,
        summary: "The FCM v1 body may only use the fields of the Message reference (snake_case or lowerCamelCase); Google's JSON API refuses unknown names with 400 INVALID_ARGUMENT. Modelled from the field list; legacy fields such as \"to\" or \"priority\" are the usual cause.",
        source: RuleSource.fcmMessage, confidence: .inference, refusesRequest: true,
        example: #"{"message": {"token": "…", "priority": "high"}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports unknown names in the objects whose fields are known.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1 else { return }
        for (container, m, written, field) in FCMSchema.members(of: input.document) where field == nil {
            if FlagOutsideAPSRule.flag(named: m.key) != nil { continue } // `apns.mutable-content-outside-aps`
            if FCMAdminSDKFieldRule.isImageURL(m.key), FCMAdminSDKFieldRule.containers.contains(container.path) { continue } // `fcm.admin-sdk-field`
            var message = "\(written.appending(m.key)) is not a field of the FCM v1 API, so FCM refuses the request (400 INVALID_ARGUMENT, Unknown name)"
            let known = container.fields.map { $0.name }
            if let hint = hint(for: m.key, in: container.path) {
                message += "; \(hint)"
            } else {
                message += "; known fields here: \(known.joined(separator: ", "))"
            }
            diagnostics.append(input.diagnostic(Self.description, message, document: written.appending(m.key), at: m.keyLocation))
        }
    }

    private func hint(for key: String, in container: JSONPath) -> String? {
        switch (container.description, key) {
        case ("message", "to"), ("", "to"): "the legacy \"to\" is \"token\" (or \"topic\") in v1"
        case ("message", "priority"): "for iOS set \"apns-priority\" in apns.headers"
        case ("message", "content_available"), ("message", "mutable_content"): nil
        case ("message", "time_to_live"), ("message", "ttl"): "for iOS set \"apns-expiration\" in apns.headers"
        case ("message", "collapse_key"): "for iOS set \"apns-collapse-id\" in apns.headers"
        case ("message.notification", "sound"), ("message.notification", "badge"), ("message.notification", "click_action"):
            "for iOS put it in apns.payload.aps (\"sound\", \"badge\", \"category\")"
        case ("message.apns", "aps"): "put aps inside apns.payload: {\"apns\": {\"payload\": {\"aps\": {…}}}}"
        default: nil
        }
    }
}
