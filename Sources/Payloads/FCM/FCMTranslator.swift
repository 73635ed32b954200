/// Turns an FCM HTTP v1 send body into the APNs request FCM makes (domain-rules §5.2).
///
/// What is modelled, and how sure it is:
/// - `notification.title`/`body` → `aps.alert.title`/`body`, unless `apns.payload.aps.alert` supplies
///   them: the payload wins [G]. A string `aps.alert` supplies the whole alert, so `notification`
///   text is dropped (modelling choice [I]).
/// - `data` keys become top-level payload keys, after the `apns.payload` custom keys [C]. A data key
///   that is already a payload key (or `aps`) is left out: the payload wins (modelling choice [I]).
/// - `fcm_options: {"image": …}` from `apns.fcm_options.image`, else `notification.image` [SDK]+[C].
/// - FCM's own keys, with fixed values so every run is identical (real values differ per message):
///   `gcm.message_id`, `google.c.sender.id`, `google.c.fid`, and `gcm.n.e` = `"1"` when the message
///   had a notification part [SDK]/[C]. Analytics keys (`google.c.a.*`) are not modelled.
/// - `mutable-content` is never added: whether FCM adds it for images is NOT FOUND; we model "no" [I].
/// - Headers: `apns.headers` (names lowercased), plus the documented defaults `apns-priority: 10` (5 for a
///   data-only message: `defaultDataOnlyPriority`, a modelling choice) and
///   `apns-expiration` = 30 days after a fixed model send time ([G]; the fixed clock is our choice).
///   With `apns.live_activity_token`, `apns-push-type: liveactivity` unless the message sets one: Firebase's
///   samples set no push type, and FCM sets it with the `.push-type.liveactivity` topic [C]. The topic FCM
///   sets from the app's registration is not modelled (no bundle ID is known).
/// - Payload member order: `aps`, `apns.payload` custom keys, `data` keys, then FCM's keys.
public enum FCMTranslator {
    /// The fixed "now" of the model, in UNIX seconds (2023-11-14T22:13:20Z); no wall clock is read.
    public static let modelledSendTime = 1_700_000_000
    /// FCM's default storage time for APNs: 30 days, in seconds.
    public static let defaultExpirationSeconds = 30 * 24 * 60 * 60
    /// The `apns-expiration` FCM sets when the message does not: model send time + 30 days.
    public static let defaultExpiration = String(modelledSendTime + defaultExpirationSeconds)
    /// The `apns-priority` FCM sets when the message does not.
    public static let defaultPriority = "10"
    /// The `apns-priority` FCM is modelled to send for a data-only message that sets none: 5, the only
    /// priority Firebase allows for data messages to Apple devices, and the legacy API's documented
    /// default for them. Firebase's own data-message sample sets none and FCM accepts it, though its
    /// reference says the backend defaults to 10 (a modelling choice that reconciles the two).
    public static let defaultDataOnlyPriority = "5"
    /// The modelled `gcm.message_id` (real ones look like `0:1522880049414338%944841cd944841cd`).
    public static let modelledMessageID = "0:1700000000000000%0123456789abcdef"
    /// The modelled `google.c.sender.id` (a project number).
    public static let modelledSenderID = "123456789012"
    /// The modelled `google.c.fid` (a Firebase installation id).
    public static let modelledInstallationID = "fPushbookExampleFid000"

    /// Translates a whole `{"message": …}` body into the APNs request and translation findings.
    public static func translate(_ message: JSONValue) -> (request: APNsRequest, diagnostics: [Diagnostic]) {
        let t = translateDetailed(message)
        return (t.request, t.diagnostics)
    }

    /// Translates a whole `{"message": …}` body, also returning where each part of the request came from.
    public static func translateDetailed(_ body: JSONValue) -> FCMTranslation {
        let messagePath: JSONPath = "message"
        let message = body["message"] ?? .object([], .none)
        var diagnostics: [Diagnostic] = []
        var sourceMap = SourceMap(prefix: "message.apns.payload")
        var headerSources: [String: JSONPath] = [:]

        let apns = message["apns"]
        let payloadMembers = apns?["payload"]?.members ?? []
        let notification = message["notification"].flatMap { $0.members != nil ? $0 : nil }
        let notificationMember = message.members?.first(where: { $0.key == "notification" })

        // aps: the payload's, with notification text merged in.
        var apsMember = payloadMembers.first(where: { $0.key == "aps" })
            ?? JSONMember(key: "aps", keyLocation: .none, value: .object([], .none))
        let textMembers: [JSONMember] = ["title", "body"].compactMap { key in
            notification?.members?.first(where: { $0.key == key && $0.value.stringValue != nil })
        }
        if case .object(var apsMembers, let apsLocation) = apsMember.value, !textMembers.isEmpty {
            if let alertIndex = apsMembers.firstIndex(where: { $0.key == "alert" }) {
                if case .object(var alertMembers, let alertLocation) = apsMembers[alertIndex].value {
                    for text in textMembers {
                        if alertMembers.contains(where: { $0.key == text.key }) {
                            diagnostics.append(overridden(text, by: "apns.payload.aps.alert.\(text.key)"))
                        } else {
                            alertMembers.append(text)
                            sourceMap.map(JSONPath(["aps", "alert", text.key].map { .key($0) }), to: messagePath.appending("notification").appending(text.key))
                        }
                    }
                    apsMembers[alertIndex].value = .object(alertMembers, alertLocation)
                } else {
                    for text in textMembers {
                        diagnostics.append(overridden(text, by: "apns.payload.aps.alert"))
                    }
                }
            } else {
                let alert = JSONMember(key: "alert", keyLocation: notificationMember?.keyLocation ?? .none,
                                       value: .object(textMembers, notification?.location ?? .none))
                apsMembers.insert(alert, at: 0)
                sourceMap.map(["aps", "alert"].path, to: messagePath.appending("notification"))
            }
            apsMember.value = .object(apsMembers, apsLocation)
        }

        var out: [JSONMember] = [apsMember]
        var taken: Set<String> = ["aps"]
        for m in payloadMembers where m.key != "aps" {
            out.append(m)
            taken.insert(m.key)
        }
        var dataKeys: Set<String> = []
        for m in message["data"]?.members ?? [] {
            let dataPath = messagePath.appending("data").appending(m.key)
            // A repeated data key is `json.duplicate-key`'s finding; the first one is kept.
            guard dataKeys.insert(m.key).inserted else { continue }
            if taken.contains(m.key) {
                diagnostics.append(Diagnostic(
                    rule: FCMDataKeyCollisionRule.description.id, severity: FCMDataKeyCollisionRule.description.severity,
                    message: "data key '\(m.key)' is also a key of apns.payload; the device gets the payload's value (modelled), so rename the data key",
                    location: m.keyLocation, path: dataPath.description))
                continue
            }
            out.append(m)
            taken.insert(m.key)
            sourceMap.map(JSONPath([.key(m.key)]), to: dataPath)
        }

        // fcm_options.image.
        let apnsImage = apns?.field("fcm_options")?.members?.first(where: { $0.key == "image" })
        let notificationImage = notification?.members?.first(where: { $0.key == "image" })
        var addedKeys: [String] = []
        if let image = apnsImage ?? notificationImage, !taken.contains("fcm_options") {
            let source = apnsImage != nil ? (FCMSchema.resolve("message.apns.fcm_options", in: body)?.path ?? "message.apns.fcm_options") : messagePath.appending("notification")
            out.append(JSONMember(key: "fcm_options", keyLocation: .none, value: .object([image], .none)))
            sourceMap.map(["fcm_options"].path, to: source)
            addedKeys.append("fcm_options")
        }

        // FCM's own keys, fixed.
        var fcmKeys: [(String, String)] = [
            ("gcm.message_id", modelledMessageID),
            ("google.c.sender.id", modelledSenderID),
            ("google.c.fid", modelledInstallationID),
        ]
        if notification != nil { fcmKeys.append(("gcm.n.e", "1")) }
        for (key, value) in fcmKeys where !taken.contains(key) {
            out.append(JSONMember(key: key, keyLocation: .none, value: .string(value)))
            sourceMap.map(JSONPath([.key(key)]), to: messagePath)
            addedKeys.append(key)
        }

        // Headers.
        var headers: [String: String] = [:]
        let headersPath = messagePath.appending("apns").appending("headers")
        for m in apns?["headers"]?.members ?? [] {
            guard let value = m.value.stringValue else { continue }
            headers[m.key.lowercasedASCII()] = value
            headerSources[m.key.lowercasedASCII()] = headersPath.appending(m.key)
        }
        var defaulted: Set<String> = []
        let priority = FCMMessage(json: message).isDataOnly ? defaultDataOnlyPriority : defaultPriority
        for (name, value) in [("apns-priority", priority), ("apns-expiration", defaultExpiration)] where headers[name] == nil {
            headers[name] = value
            headerSources[name] = headersPath.appending(name)
            defaulted.insert(name)
        }

        // A Live Activity token makes FCM send a liveactivity push; Firebase's samples set neither the
        // push type nor the topic, so FCM sets them (reported by a maintainer, not documented: [C]).
        if apns?.field("live_activity_token")?.stringValue != nil, headers["apns-push-type"] == nil {
            headers["apns-push-type"] = APNsPushType.liveactivity.rawValue
            headerSources["apns-push-type"] = FCMSchema.resolve("message.apns.live_activity_token", in: body)?.path ?? headersPath.appending("apns-push-type")
            defaulted.insert("apns-push-type")
        }

        let request = APNsRequest(headers: headers, payload: .object(out, apns?["payload"]?.location ?? message.location))
        return FCMTranslation(request: request, diagnostics: diagnostics, sourceMap: sourceMap,
                              headerSources: headerSources, defaultedHeaders: defaulted, addedKeys: addedKeys)
    }

    private static func overridden(_ text: JSONMember, by replacement: String) -> Diagnostic {
        let d = FCMAlertOverriddenRule.description
        return Diagnostic(rule: d.id, severity: d.severity,
                          message: "notification.\(text.key) is not used on Apple devices: \(replacement) overrides it",
                          location: text.keyLocation, path: "message.notification.\(text.key)")
    }
}

extension Array where Element == String {
    /// The keys as a path.
    var path: JSONPath { JSONPath(map { .key($0) }) }
}
