/// `apns.expiration-value`: `apns-expiration` must be UNIX epoch seconds or 0; APNs answers 400 BadExpirationDate.
struct ExpirationValueRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.expiration-value", severity: .error,
        summary: "apns-expiration is a UNIX epoch time in seconds (APNs retries until then) or 0 (one attempt only); a malformed value gets 400 BadExpirationDate.",
        source: RuleSource.sendingRequests, confidence: .apple, refusesRequest: true,
        example: "apns-expiration: 2024-01-01")
    /// Creates the rule.
    public init() {}
    /// Reports a value that is not a whole number of seconds.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, let text = input.headers.expiration else { return }
        let trimmed = text.trimmingSpaces
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return }
        diagnostics.append(input.diagnostic(Self.description,
            "apns-expiration \"\(text)\" is not UNIX epoch seconds; APNs refuses the request (400 BadExpirationDate). Write a time such as 1700000000, or 0 for a single attempt",
            header: "apns-expiration"))
    }
}
