/// `apns.topic-missing`: a request to APNs without `apns-topic` where Apple requires one.
struct TopicMissingRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.topic-missing", severity: .error,
        summary: "A push type whose topic has a suffix (voip, liveactivity, location, complication, fileprovider, pushtotalk, widgets, controls) must name it in apns-topic, an mdm push names its certificate's UID there, and with token-based authentication (authorization: bearer …) every request must; APNs answers 400 MissingTopic. Only a certificate connection may leave it out for alert and background pushes, when APNs uses the certificate's topic. FCM sets the topic itself, so this applies to requests sent to APNs directly.",
        source: RuleSource.sendingRequests + " ; " + RuleSource.handlingResponses,
        confidence: .apple, refusesRequest: true,
        example: "apns-push-type: voip without apns-topic")
    /// Creates the rule.
    public init() {}

    /// Reports a missing topic for a suffixed push type, or for any push sent with a bearer token.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .apns || (input.kind == .simulator && input.headersApply),
              input.headers.topic == nil else { return }
        let bearer = input.headers.raw["authorization"].map { $0.lowercased().hasPrefix("bearer") } ?? false
        if let pushType = input.pushType {
            let profile = PushTypeProfile.profile(for: pushType)
            if profile.topicIsBundleID, !profile.topicSuffix.isEmpty {
                diagnostics.append(input.diagnostic(Self.description,
                    "apns-push-type \(pushType.rawValue) needs apns-topic: <bundle ID>\(profile.topicSuffix) (for example com.example.app\(profile.topicSuffix)); without it APNs refuses the request (400 MissingTopic)",
                    header: "apns-topic"))
                return
            }
            if !profile.topicIsBundleID {
                diagnostics.append(input.diagnostic(Self.description,
                    "apns-push-type mdm needs apns-topic: the UID in the subject of the MDM push certificate (com.apple.mgmt.External.…); without it APNs refuses the request (400 MissingTopic)",
                    header: "apns-topic"))
                return
            }
        }
        if bearer {
            diagnostics.append(input.diagnostic(Self.description,
                "with token-based authentication (authorization: bearer …) every request needs apns-topic, the app's bundle ID; APNs refuses the request (400 MissingTopic)",
                header: "apns-topic"))
        }
    }
}
