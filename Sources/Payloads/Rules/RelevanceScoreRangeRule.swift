/// `apns.relevance-score-range`: `relevance-score` outside 0…1 (outside Live Activities).
struct RelevanceScoreRangeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.relevance-score-range", severity: .warning,
        summary: "aps.relevance-score is between 0 and 1 (any number for Live Activity updates); what iOS does with other values is not documented.",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"alert": "Hi", "relevance-score": 75}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports scores outside 0…1 unless the push type is `liveactivity`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headers.pushType != .liveactivity, let score = input.payload.aps?.relevanceScore,
              !(0...1).contains(score) else { return }
        let path = LintContext.apsPath.appending("relevance-score")
        diagnostics.append(input.diagnostic(Self.description,
            "relevance-score \(input.brief(input.request.payload.value(at: path) ?? .null)) is outside 0…1; for notifications use a value between 0 and 1 (only Live Activity updates take larger scores)",
            payload: path))
    }
}
