/// `apns.push-type-priority`: a priority APNs accepts but Apple does not list for this push type.
struct PushTypePriorityRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.push-type-priority", severity: .warning,
        summary: "Where Apple names the priorities of a push type, apns-priority is one of them: Live Activity pushes use 5 or 10 (1 is not listed), background pushes 5 (apns.background-priority). For the types whose priority Apple does not state, 10, 5 and 1 are accepted (a modelling choice, see the push-type entries).",
        source: RuleSource.sendingRequests + " ; " + RuleSource.liveActivities, confidence: .apple,
        example: "apns-push-type: liveactivity with apns-priority: 1")
    /// Creates the rule.
    public init() {}

    /// Reports a valid APNs priority outside the push type's documented ones.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, let pushType = input.pushType, pushType != .background,
              let priority = input.effectivePriority, PriorityValueRule.allowed.contains(priority) else { return }
        let profile = PushTypeProfile.profile(for: pushType)
        guard profile.prioritiesDocumented, !profile.priorities.contains(priority) else { return }
        let listed = profile.priorities.map { String($0) }.joined(separator: " or ")
        diagnostics.append(input.diagnostic(Self.description,
            "apns-priority \(priority) is not one Apple lists for \(pushType.rawValue) pushes (\(listed)); send \(profile.priorities.last ?? 5) to spare the budget, or 10 to deliver now",
            header: "apns-priority"))
    }
}
