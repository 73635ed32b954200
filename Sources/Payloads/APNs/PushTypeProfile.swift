/// One row of the push-type table: what Apple documents about one `apns-push-type`, from "Sending
/// notification requests to APNs" and the pages it links.
///
/// The linter's topic, priority and size rules and the device's routing read this table, and each
/// row is a catalogue entry (`push-type.<type>`), so the rules page shows the same facts.
public struct PushTypeProfile: Sendable {
    /// The push type.
    public var pushType: APNsPushType
    /// What Apple appends to the bundle ID in `apns-topic` (`.voip`); empty for the bare bundle ID.
    public var topicSuffix: String
    /// False for `mdm`, whose topic is the UID of the MDM push certificate, not the bundle ID.
    public var topicIsBundleID: Bool
    /// The priorities Apple names for this type, or all three APNs values when it names none.
    public var priorities: [Int]
    /// True when Apple names the priorities for this type; false means "not stated" (modelled as 10, 5 or 1).
    public var prioritiesDocumented: Bool
    /// The payload limit in bytes.
    public var byteLimit: Int
    /// Who on the device gets the push.
    public var receiver: PushReceiver
    /// What the user sees, in a few words.
    public var userSees: String
    /// True when the push is a user notification (shown by the notification system).
    public var isUserNotification: Bool
    /// True when APNs takes this type only over token-based (JWT) connections.
    public var tokenAuthenticationOnly: Bool
    /// True when the payload needs an `aps` dictionary.
    public var needsAPS: Bool
    /// Where the row comes from.
    public var source: String
    /// What is inferred rather than documented, said in the catalogue entry; empty when nothing is.
    public var inferred: String

    /// The `apns-topic` Apple requires for an app with bundle ID `bundle` (nil for `mdm`).
    public func topic(forBundle bundle: String) -> String? { topicIsBundleID ? bundle + topicSuffix : nil }

    /// The row of `pushType`.
    public static func profile(for pushType: APNsPushType) -> PushTypeProfile {
        all.first { $0.pushType == pushType } ?? all[0]
    }

    /// The suffixes Apple appends for some push type, longest first (so `.voip-ptt` is tried before `.voip`).
    public static let knownSuffixes: [String] = all.map { $0.topicSuffix }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }

    /// The push type whose suffix `topic` ends in, or nil for a topic with none of Apple's suffixes.
    public static func pushType(ofTopic topic: String) -> APNsPushType? {
        guard let suffix = knownSuffixes.first(where: { topic.hasSuffix($0) && topic.count > $0.count }) else { return nil }
        return all.first { $0.topicSuffix == suffix }?.pushType
    }

    private static let send = RuleSource.sendingRequests
    private static let generalPriorities = [10, 5, 1]

    /// The table, in Apple's order.
    public static let all: [PushTypeProfile] = [
        PushTypeProfile(pushType: .alert, topicSuffix: "", topicIsBundleID: true, priorities: generalPriorities, prioritiesDocumented: true,
                        byteLimit: 4096, receiver: .userNotifications,
                        userSees: "the alert, sound and badge, as the user's settings allow",
                        isUserNotification: true, tokenAuthenticationOnly: false, needsAPS: true,
                        source: send + " ; " + RuleSource.modifyingContent, inferred: ""),
        PushTypeProfile(pushType: .background, topicSuffix: "", topicIsBundleID: true, priorities: [5], prioritiesDocumented: true,
                        byteLimit: 4096, receiver: .app, userSees: "nothing",
                        isUserNotification: false, tokenAuthenticationOnly: false, needsAPS: true,
                        source: send + " ; " + RuleSource.backgroundUpdates, inferred: ""),
        PushTypeProfile(pushType: .voip, topicSuffix: ".voip", topicIsBundleID: true, priorities: generalPriorities, prioritiesDocumented: false,
                        byteLimit: 5120, receiver: .pushKit,
                        userSees: "only the call UI the app reports to CallKit (an app linked against iOS 13 or later is terminated if it does not report one)",
                        isUserNotification: false, tokenAuthenticationOnly: false, needsAPS: false,
                        source: send + " ; https://developer.apple.com/documentation/pushkit ; https://developer.apple.com/documentation/pushkit/pkpushtype/voip",
                        inferred: "that the service extension never runs (PushKit notifications are not UserNotifications notifications)"),
        PushTypeProfile(pushType: .liveactivity, topicSuffix: ".push-type.liveactivity", topicIsBundleID: true, priorities: [10, 5], prioritiesDocumented: true,
                        byteLimit: 4096, receiver: .activityKit,
                        userSees: "the Live Activity on the Lock Screen and in the Dynamic Island; an alert lights the screen and shows it expanded or as a banner",
                        isUserNotification: false, tokenAuthenticationOnly: true, needsAPS: true,
                        source: send + " ; " + RuleSource.liveActivities + " ; https://developer.apple.com/forums/thread/712499 (token authentication only)",
                        inferred: "that the service extension never runs (ActivityKit, not UserNotifications, handles the payload)"),
        PushTypeProfile(pushType: .location, topicSuffix: ".location-query", topicIsBundleID: true, priorities: generalPriorities, prioritiesDocumented: true,
                        byteLimit: 4096, receiver: .locationPushServiceExtension, userSees: "nothing",
                        isUserNotification: false, tokenAuthenticationOnly: true, needsAPS: false,
                        source: send + " ; https://developer.apple.com/documentation/corelocation/creating-a-location-push-service-extension",
                        inferred: "that nothing is shown and the service extension never runs"),
        PushTypeProfile(pushType: .complication, topicSuffix: ".complication", topicIsBundleID: true, priorities: generalPriorities, prioritiesDocumented: false,
                        byteLimit: 4096, receiver: .complication, userSees: "the updated complication on the watch",
                        isUserNotification: false, tokenAuthenticationOnly: false, needsAPS: false,
                        source: send + " ; https://developer.apple.com/documentation/pushkit/pkpushtype/complication",
                        inferred: "that nothing is shown on the phone and the service extension never runs"),
        PushTypeProfile(pushType: .fileprovider, topicSuffix: ".pushkit.fileprovider", topicIsBundleID: true, priorities: generalPriorities, prioritiesDocumented: false,
                        byteLimit: 4096, receiver: .fileProviderExtension, userSees: "nothing",
                        isUserNotification: false, tokenAuthenticationOnly: false, needsAPS: false,
                        source: send + " ; https://developer.apple.com/documentation/pushkit/pkpushtype/fileprovider",
                        inferred: "that nothing is shown and the service extension never runs"),
        PushTypeProfile(pushType: .mdm, topicSuffix: "", topicIsBundleID: false, priorities: generalPriorities, prioritiesDocumented: false,
                        byteLimit: 4096, receiver: .mdmClient, userSees: "nothing (the device then asks the MDM server for its commands)",
                        isUserNotification: false, tokenAuthenticationOnly: false, needsAPS: false,
                        source: send + " ; https://developer.apple.com/documentation/devicemanagement/sending-mdm-commands-to-a-device",
                        inferred: "that nothing is shown and the service extension never runs"),
        PushTypeProfile(pushType: .pushtotalk, topicSuffix: ".voip-ptt", topicIsBundleID: true, priorities: generalPriorities, prioritiesDocumented: false,
                        byteLimit: 4096, receiver: .pushToTalk, userSees: "the system's Push to Talk interface, as the app's PTPushResult asks",
                        isUserNotification: false, tokenAuthenticationOnly: false, needsAPS: false,
                        source: send + " ; https://developer.apple.com/documentation/pushtotalk/ptchannelmanagerdelegate/incomingpushresult(channelmanager:channeluuid:pushpayload:)",
                        inferred: "that the service extension never runs"),
        PushTypeProfile(pushType: .widgets, topicSuffix: ".push-type.widgets", topicIsBundleID: true, priorities: generalPriorities, prioritiesDocumented: false,
                        byteLimit: 4096, receiver: .widgetKit, userSees: "the reloaded widgets",
                        isUserNotification: false, tokenAuthenticationOnly: false, needsAPS: true,
                        source: send + " ; https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications",
                        inferred: "that no notification is shown and the service extension never runs"),
        PushTypeProfile(pushType: .controls, topicSuffix: ".push-type.controls", topicIsBundleID: true, priorities: generalPriorities, prioritiesDocumented: false,
                        byteLimit: 4096, receiver: .controls, userSees: "the reloaded control",
                        isUserNotification: false, tokenAuthenticationOnly: false, needsAPS: true,
                        source: send + " ; https://developer.apple.com/documentation/widgetkit/updating-controls-locally-and-remotely",
                        inferred: "that no notification is shown and the service extension never runs"),
    ]

    /// The row as a catalogue entry (`push-type.voip`): the facts in one sentence each.
    public var description: RuleDescription {
        var summary = "apns-push-type \(pushType.rawValue): apns-topic is "
        if topicIsBundleID {
            summary += topicSuffix.isEmpty ? "the bundle ID, with no suffix" : "the bundle ID followed by \(topicSuffix)"
        } else {
            summary += "the UID in the subject of the MDM push certificate, not the bundle ID"
        }
        summary += tokenAuthenticationOnly ? " (token-based authentication only). " : ". "
        if prioritiesDocumented {
            summary += priorities == [5] ? "Priority 5 only (10 is an error). "
                : priorities == [10, 5] ? "Priority 10 or 5. " : "Priority 10 (now), 5 or 1. "
        } else {
            summary += "Apple states no priority for it: Pushbook's model accepts APNs' values 10, 5 and 1 (a modelling choice). "
        }
        summary += "The payload may be \(byteLimit) bytes. Received by \(receiver.name); the user sees \(userSees). "
        summary += isUserNotification ? "The service extension runs when the extension gate holds." : "The service extension does not run."
        if !inferred.isEmpty { summary += " Inferred, a modelling choice: \(inferred)." }
        return RuleDescription(id: "push-type.\(pushType.rawValue)", severity: .note, summary: summary, source: source,
                               confidence: .apple, example: "apns-push-type: \(pushType.rawValue)")
    }
}
