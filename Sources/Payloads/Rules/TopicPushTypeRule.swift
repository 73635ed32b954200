/// `apns.topic-push-type`: `apns-topic` must fit `apns-push-type` (the push-type table's suffix); a
/// device token belongs to one topic, so APNs refuses a topic of another push type.
struct TopicPushTypeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.topic-push-type", severity: .error,
        summary: "apns-topic must fit apns-push-type: the bundle ID for alert and background pushes, the bundle ID followed by Apple's suffix for the others (.voip, .push-type.liveactivity, .location-query, .complication, .pushkit.fileprovider, .voip-ptt, .push-type.widgets, .push-type.controls); a topic with spaces or nothing in it is invalid (400 BadTopic). A device token belongs to one topic, so APNs refuses a mismatch; Apple documents the reason only for a Live Activity push sent to the bare bundle ID (400 DeviceTokenNotForTopic), and Pushbook's model reports the same for every mismatch (a modelling choice).",
        source: RuleSource.sendingRequests + " ; " + RuleSource.handlingResponses + " ; https://developer.apple.com/forums/thread/712499",
        confidence: .apple, refusesRequest: true,
        example: "apns-push-type: voip with apns-topic: com.example.app")
    /// Creates the rule.
    public init() {}

    /// Reports a malformed topic, or one whose suffix belongs to another push type.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, let topic = input.headers.topic else { return }
        if topic.trimmingSpaces.isEmpty || topic.contains(" ") {
            diagnostics.append(input.diagnostic(Self.description,
                "apns-topic \"\(topic)\" is not a topic (a bundle ID such as com.example.app, with the push type's suffix); APNs refuses the request (400 BadTopic)",
                header: "apns-topic"))
            return
        }
        guard let pushType = input.pushType else { return }
        let profile = PushTypeProfile.profile(for: pushType)
        guard profile.topicIsBundleID else { return }
        let topicType = PushTypeProfile.pushType(ofTopic: topic)
        if profile.topicSuffix.isEmpty, let topicType {
            let bundle = String(topic.dropLast(PushTypeProfile.profile(for: topicType).topicSuffix.count))
            diagnostics.append(input.diagnostic(Self.description,
                "apns-topic \"\(topic)\" is the topic of \(topicType.rawValue) pushes, but this is an apns-push-type \(pushType.rawValue) push, whose topic is the bundle ID alone (\"\(bundle)\"); APNs refuses the request (400 DeviceTokenNotForTopic, modelled)",
                header: "apns-topic"))
        } else if !profile.topicSuffix.isEmpty, !topic.hasSuffix(profile.topicSuffix) || topicType != pushType {
            let bundle = topicType.map { String(topic.dropLast(PushTypeProfile.profile(for: $0).topicSuffix.count)) } ?? topic
            diagnostics.append(input.diagnostic(Self.description,
                "apns-push-type \(pushType.rawValue) needs apns-topic \"\(bundle)\(profile.topicSuffix)\" (the bundle ID followed by \(profile.topicSuffix)), not \"\(topic)\"; the device token belongs to that topic, so APNs refuses the request (400 DeviceTokenNotForTopic, modelled)",
                header: "apns-topic"))
        }
    }
}
