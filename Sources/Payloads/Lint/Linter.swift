/// Reads an input file, detects its kind, builds the APNs request and runs every rule.
public enum Linter {
    /// Lints the bytes of one file. `headers` are APNs request headers for a raw APNs or Simulator
    /// payload (names case-insensitive); an FCM message carries its own in `apns.headers`, so they are
    /// ignored for FCM input.
    public static func lint(_ bytes: [UInt8], headers: [String: String] = [:]) -> LintResult {
        lint(bytes, parsed: JSONReader.parse(bytes), headers: headers)
    }

    /// Lints `bytes` that the caller has parsed already (`parsed` is `JSONReader.parse(bytes)`), so
    /// a file is read and parsed once on its way through the build.
    public static func lint(_ bytes: [UInt8], parsed: Result<JSONValue, JSONSyntaxError>, headers: [String: String] = [:]) -> LintResult {
        let document: JSONValue
        switch parsed {
        case .failure(let error):
            // Trailing commas and comments: say which consumer refuses the file and which may take it.
            let lenient = NonStrictJSONRule.diagnostic(for: bytes).map { [$0] } ?? []
            return LintResult(kind: nil, bytes: bytes.count, diagnostics: [JSONSyntaxRule.diagnostic(for: error)] + lenient,
                              request: nil, accepted: false)
        case .success(let value):
            document = value
        }
        guard let kind = InputKind.detect(document, pushType: APNsHeaders(headers).pushType) else {
            return LintResult(kind: nil, bytes: bytes.count, diagnostics: [InputKindRule.diagnostic(for: document)],
                              request: nil, accepted: false)
        }
        let context = LintContext(kind: kind, document: document, headers: kind == .fcmV1 ? [:] : headers)
        var result = lint(context, bytes: bytes.count)
        let surrogates = LoneSurrogateRule.diagnostics(in: bytes)
        if !surrogates.isEmpty { result.diagnostics = sorted(result.diagnostics + surrogates) }
        return result
    }

    /// Runs every rule on a prepared context (for inputs built in code, such as local requests).
    public static func lint(_ context: LintContext, bytes: Int) -> LintResult {
        var diagnostics: [Diagnostic] = []
        for rule in PayloadRules.all {
            rule.check(context, into: &diagnostics)
        }
        diagnostics = sorted(diagnostics)
        let refused = diagnostics.contains { RuleCatalogue.rule($0.rule)?.refusesRequest == true }
        return LintResult(kind: context.kind, bytes: bytes, diagnostics: diagnostics, request: context.request, accepted: !refused,
                          fcmBytes: context.kind == .fcmV1 ? FCMPayloadTooLargeRule.measuredBytes(context) : nil)
    }

    /// Sorts by location, then rule id, then path and message, and drops exact duplicates.
    public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return diagnostics
            .sorted { a, b in
                if a.location != b.location { return a.location < b.location }
                if a.rule != b.rule { return a.rule < b.rule }
                if a.path != b.path { return a.path < b.path }
                return a.message < b.message
            }
            .filter { seen.insert($0).inserted }
    }
}
