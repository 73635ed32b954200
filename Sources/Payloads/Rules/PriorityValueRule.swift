/// `apns.priority-value`: `apns-priority` must be 10, 5 or 1; APNs answers 400 BadPriority otherwise.
struct PriorityValueRule: PayloadRule {
    /// The values APNs accepts.
    public static let allowed = [10, 5, 1]
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.priority-value", severity: .error,
        summary: "apns-priority is 10 (send now), 5 (based on power) or 1 (prioritize power); any other value gets 400 BadPriority.",
        source: RuleSource.sendingRequests, confidence: .apple, refusesRequest: true,
        example: "apns-priority: high")
    /// Creates the rule.
    public init() {}
    /// Reports a priority that is not 10, 5 or 1.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, let text = input.headers.priorityText else { return }
        if let p = Int(text.trimmingSpaces), Self.allowed.contains(p) { return }
        diagnostics.append(input.diagnostic(Self.description,
            "apns-priority \"\(text)\" is not 10, 5 or 1; APNs refuses the request (400 BadPriority). Use 10 for alerts the user should see now, 5 otherwise",
            header: "apns-priority"))
    }
}
