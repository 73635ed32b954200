/// `apns.id-format`: `apns-id` must be a canonical UUID; APNs answers 400 BadMessageId otherwise.
struct APNsIDFormatRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.id-format", severity: .error,
        summary: "apns-id, when given, is a UUID: 32 hexadecimal digits as 8-4-4-4-12; APNs refuses a malformed id (400 BadMessageId). Apple's example is lowercase, but whether APNs refuses uppercase digits is not documented, so Pushbook accepts either case (a modelling choice).",
        source: RuleSource.sendingRequests, confidence: .apple, refusesRequest: true,
        example: "apns-id: 1234")
    /// Creates the rule.
    public init() {}

    /// True for `123e4567-e89b-12d3-a456-426614174000` (hex digits in either case).
    static func isUUID(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map({ $0.count }) == [8, 4, 4, 4, 12] else { return false }
        return parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }

    /// Reports an id that is not 8-4-4-4-12 hex.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply, let id = input.headers.id, !Self.isUUID(id) else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "apns-id \"\(id)\" is not a UUID (8-4-4-4-12 hexadecimal digits); APNs refuses the request (400 BadMessageId). Omit it and APNs makes one",
            header: "apns-id"))
    }
}
