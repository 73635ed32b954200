/// `json.syntax`: the file must be well-formed JSON (reported by the reader; nothing else runs).
struct JSONSyntaxRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "json.syntax", severity: .error,
        summary: "The file must be well-formed JSON (RFC 8259) in UTF-8; APNs and FCM only take a JSON dictionary.",
        source: RuleSource.rfc8259, confidence: .apple, refusesRequest: true,
        example: #"{"aps": {"alert": "Hi",}}"#)
    /// Creates the rule.
    public init() {}
    /// Syntax errors are found while reading, before any rule runs; a parsed input has none.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {}

    /// The diagnostic for a syntax error.
    public static func diagnostic(for error: JSONSyntaxError) -> Diagnostic {
        Diagnostic(rule: description.id, severity: description.severity, message: error.message, location: error.location, path: "")
    }
}
