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
///
/// The translation reads the typed `FCMMessage` (the message is read once, by `FCMMessage(json:)`); what
/// it copies into the payload (`apns.payload`, the data, the notification's text and image) keeps the
/// positions, key order and number text it was written with.
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

    /// Translates `message` into the APNs request FCM sends, with where each part of it came from and
    /// the findings of the translation.
    public static func translate(_ message: FCMMessage) -> FCMTranslation {
        var draft = Draft()
        let aps = aps(of: message, into: &draft)
        draft.add(aps)
        for member in message.apns?.payload?.members ?? [] where member.key != "aps" {
            draft.add(member)
        }
        addData(of: message, into: &draft)
        addImage(of: message, into: &draft)
        addFCMKeys(of: message, into: &draft)
        let headers = headers(of: message)
        let request = APNsRequest(headers: headers.values, payload: .object(draft.members, message.apns?.payloadLocation ?? message.location))
        return FCMTranslation(request: request, diagnostics: draft.diagnostics, sourceMap: draft.sourceMap,
                              headerSources: headers.sources, defaultedHeaders: headers.defaulted, addedKeys: draft.addedKeys)
    }

    /// The payload as it is built: its members in order, the keys taken, where each part came from
    /// and the findings.
    private struct Draft {
        var members: [JSONMember] = []
        var taken: Set<String> = []
        var sourceMap = SourceMap(prefix: "message.apns.payload")
        var diagnostics: [Diagnostic] = []
        var addedKeys: [String] = []

        /// Appends a top-level member, taking its key; with `source`, maps it there.
        mutating func add(_ member: JSONMember, from source: JSONPath? = nil) {
            members.append(member)
            taken.insert(member.key)
            if let source { sourceMap.map(JSONPath([.key(member.key)]), to: source) }
        }
    }

    private static let messagePath: JSONPath = "message"
    private static let notificationPath = messagePath.appending("notification")

    /// `aps`: the payload's (an empty one without), with the notification's title and body merged into
    /// its alert; an `aps` that is not an object is left as it is.
    private static func aps(of message: FCMMessage, into draft: inout Draft) -> JSONMember {
        var aps = message.apns?.payload?.members?.first { $0.key == "aps" }
            ?? JSONMember(key: "aps", keyLocation: .none, value: .object([], .none))
        guard let notification = message.notification, !notification.text.isEmpty,
              case .object(var apsMembers, let apsLocation) = aps.value else { return aps }
        if let alertIndex = apsMembers.firstIndex(where: { $0.key == "alert" }) {
            apsMembers[alertIndex].value = mergedAlert(apsMembers[alertIndex].value, text: notification.text, into: &draft)
        } else {
            let alert = JSONMember(key: "alert", keyLocation: notification.keyLocation, value: .object(notification.text, notification.location))
            apsMembers.insert(alert, at: 0)
            draft.sourceMap.map(["aps", "alert"].path, to: notificationPath)
        }
        aps.value = .object(apsMembers, apsLocation)
        return aps
    }

    /// The payload's `aps.alert` with the notification's `text` added where the alert does not set it:
    /// the payload wins. A string alert (or any other value) supplies the whole alert, so the text is
    /// dropped. Each text the payload overrides is a finding.
    private static func mergedAlert(_ alert: JSONValue, text: [JSONMember], into draft: inout Draft) -> JSONValue {
        guard case .object(var alertMembers, let alertLocation) = alert else {
            draft.diagnostics += text.map { overridden($0, by: "apns.payload.aps.alert") }
            return alert
        }
        for member in text {
            if alertMembers.contains(where: { $0.key == member.key }) {
                draft.diagnostics.append(overridden(member, by: "apns.payload.aps.alert.\(member.key)"))
            } else {
                alertMembers.append(member)
                draft.sourceMap.map(["aps", "alert", member.key].path, to: notificationPath.appending(member.key))
            }
        }
        return .object(alertMembers, alertLocation)
    }

    /// The `data` keys, as written, after the payload's keys. A key the payload already has is a finding
    /// and left out; of a repeated key the first is kept (the other is `json.duplicate-key`'s finding).
    private static func addData(of message: FCMMessage, into draft: inout Draft) {
        var seen: Set<String> = []
        for member in message.data where seen.insert(member.key).inserted {
            let dataPath = messagePath.appending("data").appending(member.key)
            guard !draft.taken.contains(member.key) else {
                let d = FCMDataKeyCollisionRule.description
                draft.diagnostics.append(Diagnostic(rule: d.id, severity: d.severity,
                    message: "data key '\(member.key)' is also a key of apns.payload; the device gets the payload's value (modelled), so rename the data key",
                    location: member.keyLocation, path: dataPath.description))
                continue
            }
            draft.add(member, from: dataPath)
        }
    }

    /// `fcm_options: {"image": …}`, from `apns.fcm_options.image`, else `notification.image`, unless the
    /// payload has its own `fcm_options`.
    private static func addImage(of message: FCMMessage, into draft: inout Draft) {
        let apnsImage = message.apns?.imageMember
        guard let image = apnsImage ?? message.notification?.imageMember, !draft.taken.contains("fcm_options") else { return }
        let source = apnsImage != nil ? messagePath.appending("apns").appending(message.apns?.fcmOptionsKey ?? "fcm_options") : notificationPath
        draft.add(JSONMember(key: "fcm_options", keyLocation: .none, value: .object([image], .none)), from: source)
        draft.addedKeys.append("fcm_options")
    }

    /// FCM's own keys, with their fixed values, where the message has not set them; `gcm.n.e` only for a
    /// message with a notification part.
    private static func addFCMKeys(of message: FCMMessage, into draft: inout Draft) {
        var keys: [(String, String)] = [
            ("gcm.message_id", modelledMessageID),
            ("google.c.sender.id", modelledSenderID),
            ("google.c.fid", modelledInstallationID),
        ]
        if message.notification != nil { keys.append(("gcm.n.e", "1")) }
        for (key, value) in keys where !draft.taken.contains(key) {
            draft.add(JSONMember(key: key, keyLocation: .none, value: .string(value)), from: messagePath)
            draft.addedKeys.append(key)
        }
    }

    /// The request headers: `apns.headers` (names lowercased), then FCM's defaults for the priority and
    /// expiration, and a Live Activity token's push type; with where each came from in the file.
    private static func headers(of message: FCMMessage) -> (values: [String: String], sources: [String: JSONPath], defaulted: Set<String>) {
        let apnsPath = messagePath.appending("apns")
        let headersPath = apnsPath.appending("headers")
        var values = message.apns?.headers ?? [:]
        var sources: [String: JSONPath] = [:]
        for (name, written) in message.apns?.headerNames ?? [:] { sources[name] = headersPath.appending(written) }
        var defaulted: Set<String> = []
        let priority = message.isDataOnly ? defaultDataOnlyPriority : defaultPriority
        for (name, value) in [("apns-priority", priority), ("apns-expiration", defaultExpiration)] where values[name] == nil {
            values[name] = value
            sources[name] = headersPath.appending(name)
            defaulted.insert(name)
        }
        // A Live Activity token makes FCM send a liveactivity push; Firebase's samples set neither the
        // push type nor the topic, so FCM sets them (reported by a maintainer, not documented: [C]).
        if let apns = message.apns, apns.liveActivityToken != nil, let written = apns.liveActivityTokenKey, values["apns-push-type"] == nil {
            values["apns-push-type"] = APNsPushType.liveactivity.rawValue
            sources["apns-push-type"] = apnsPath.appending(written)
            defaulted.insert("apns-push-type")
        }
        return (values, sources, defaulted)
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
