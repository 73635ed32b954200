/// `apns.collapse-id-too-long`: `apns-collapse-id` over 64 bytes; APNs answers 400 BadCollapseId.
struct CollapseIDTooLongRule: PayloadRule {
    /// The longest collapse id APNs accepts, in UTF-8 bytes.
    public static let limit = 64
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.collapse-id-too-long", severity: .error,
        summary: "apns-collapse-id must not exceed 64 bytes; a longer id gets 400 BadCollapseId.",
        source: RuleSource.sendingRequests, confidence: .apple, refusesRequest: true,
        example: "apns-collapse-id: a 65-character string")
    /// Creates the rule.
    public init() {}
    /// Measures the header in UTF-8 bytes.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, let id = input.headers.collapseID, id.utf8.count > Self.limit else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "apns-collapse-id is \(id.utf8.count) bytes; APNs allows at most \(Self.limit) and refuses the request (400 BadCollapseId): use a shorter id, such as a hash",
            header: "apns-collapse-id"))
    }
}
