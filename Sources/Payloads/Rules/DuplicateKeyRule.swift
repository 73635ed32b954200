/// `json.duplicate-key`: an object repeats a key; which value a server keeps is not defined.
struct DuplicateKeyRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "json.duplicate-key", severity: .warning,
        summary: "An object repeats a key. RFC 8259 says names SHOULD be unique and leaves the result open; Pushbook reads the first (modelling choice).",
        source: RuleSource.rfc8259 + "#section-4", confidence: .inference,
        example: #"{"aps": {"badge": 1, "badge": 2}}"#)
    /// Creates the rule.
    public init() {}
    /// Walks the whole file (depth is bounded by the reader) and reports every repeated key.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        var stack: [(JSONValue, JSONPath)] = [(input.document, .root)]
        while let (value, path) = stack.popLast() {
            switch value {
            case .object(let members, _):
                var seen: Set<String> = []
                for m in members {
                    if !seen.insert(m.key).inserted {
                        diagnostics.append(Diagnostic(
                            rule: Self.description.id, severity: Self.description.severity,
                            message: "duplicate key '\(m.key)'; servers may keep either value, so keep only one",
                            location: m.keyLocation, path: path.appending(m.key).description))
                    }
                }
                for m in members.reversed() { stack.append((m.value, path.appending(m.key))) }
            case .array(let elements, _):
                for (i, e) in elements.enumerated().reversed() { stack.append((e, path.appending(index: i))) }
            default:
                break
            }
        }
    }
}
