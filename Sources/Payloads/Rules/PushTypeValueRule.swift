/// `apns.push-type-value`: `apns-push-type` must be one of Apple's values; APNs answers 400 InvalidPushType otherwise.
struct PushTypeValueRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.push-type-value", severity: .error,
        summary: "apns-push-type is one of alert, background, complication, controls, fileprovider, liveactivity, location, mdm, pushtotalk, voip, widgets; anything else gets 400 InvalidPushType.",
        source: RuleSource.sendingRequests, confidence: .apple, refusesRequest: true,
        example: "apns-push-type: silent")
    /// Creates the rule.
    public init() {}
    /// Reports an unknown push type.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, let name = input.headers.pushTypeName, APNsPushType(rawValue: name) == nil else { return }
        var message = "apns-push-type \"\(name)\" is not an APNs push type; APNs refuses the request (400 InvalidPushType)"
        if let meant = APNsPushType.allCases.first(where: { $0.rawValue == name.lowercasedASCII().trimmingSpaces }) {
            message += "; write \"\(meant.rawValue)\" in lowercase"
        } else {
            message += "; use alert for visible notifications or background for silent ones"
        }
        diagnostics.append(input.diagnostic(Self.description, message, header: "apns-push-type"))
    }
}
