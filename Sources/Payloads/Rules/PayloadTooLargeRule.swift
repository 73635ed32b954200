/// `apns.payload-too-large`: APNs refuses payloads over 4096 bytes (5120 for VoIP) with 413.
public struct PayloadTooLargeRule: PayloadRule {
    /// The limit for every push type except VoIP.
    public static let limit = 4096
    /// The limit for `apns-push-type: voip`.
    public static let voipLimit = 5120

    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.payload-too-large", severity: .error,
        summary: "The payload may be at most 4096 bytes (5120 for VoIP pushes); APNs answers a larger one with 413 PayloadTooLarge.",
        source: RuleSource.generatingRemoteNotification, confidence: .apple, refusesRequest: true,
        example: "a 5000-byte payload with apns-push-type: alert")
    /// The payload limit for a push of `pushType` (nil: no header, the default limit).
    public static func limit(for pushType: APNsPushType?) -> Int { pushType.map { PushTypeProfile.profile(for: $0).byteLimit } ?? limit }
    /// Creates the rule.
    public init() {}
    /// Measures the compact payload of an APNs or Simulator input (FCM input: `fcm.payload-too-large`).
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind != .fcmV1 else { return }
        let voip = input.headers.pushType == .voip
        let limit = Self.limit(for: input.headers.pushType)
        guard input.request.bytes > limit else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "the payload is \(input.request.bytes) bytes, over APNs' limit of \(limit) bytes\(voip ? " for VoIP" : ""); APNs refuses it (413 PayloadTooLarge). Shorten the text or send a URL and fetch the rest in the extension",
            payload: .root))
    }
}
