/// `apns.loc-args-without-loc-key`: `loc-args` (or `title-`/`subtitle-loc-args`) without the matching key.
struct LocArgsWithoutLocKeyRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.loc-args-without-loc-key", severity: .warning,
        summary: "loc-args, title-loc-args and subtitle-loc-args fill the placeholders of loc-key, title-loc-key and subtitle-loc-key; without the key they do nothing. The Firebase Admin SDK refuses them (Apple states no such check).",
        source: RuleSource.adminSDKValidation, confidence: .sdk,
        example: #"{"aps": {"alert": {"body": "Hi", "loc-args": ["Ann"]}}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports each argument list whose key is missing.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        let alertPath = LintContext.apsPath.appending("alert")
        guard let alert = input.request.payload.value(at: alertPath), alert.members != nil else { return }
        for (args, key) in [("loc-args", "loc-key"), ("title-loc-args", "title-loc-key"), ("subtitle-loc-args", "subtitle-loc-key")] {
            guard alert[args] != nil, alert[key] == nil else { continue }
            diagnostics.append(input.diagnostic(Self.description,
                "\(args) is set but \(key) is not, so the arguments are never used; add \"\(key)\" naming the localized format string",
                payload: alertPath.appending(args), atKey: true))
        }
    }
}
