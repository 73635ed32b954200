/// `apns.background-priority`: a background push must use `apns-priority: 5`.
struct BackgroundPriorityRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.background-priority", severity: .error,
        summary: "Background pushes must be sent with apns-priority 5: \"Using priority 10 is an error\" (APNs' default is 10 when the header is omitted, and FCM's too). The exact APNs error reason is not documented.",
        source: RuleSource.sendingRequests, confidence: .apple,
        example: "apns-push-type: background without apns-priority")
    /// Creates the rule.
    public init() {}
    /// Reports a background push whose effective priority is not 5.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, input.headers.pushType == .background,
              let priority = input.effectivePriority, priority != 5 else { return }
        let omitted = input.headers.priorityText == nil || input.defaultedHeaders.contains("apns-priority")
        let how = omitted ? "apns-priority is not set, so it is \(priority) (the default)" : "apns-priority is \(priority)"
        let fix = input.kind == .fcmV1 ? "add \"apns-priority\": \"5\" to apns.headers" : "send apns-priority: 5"
        diagnostics.append(input.diagnostic(Self.description,
            "\(how) for a background push; Apple says always use 5 (10 is an error): \(fix)",
            header: "apns-priority"))
    }
}
