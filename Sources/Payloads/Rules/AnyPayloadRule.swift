/// A rule of any type in the linter's ordered list: its catalogue entry and its check.
///
/// `PayloadRules.all` holds these rather than `any PayloadRule`, so the list compiles in Embedded
/// Swift too (it has no existentials of non-class protocols): the generic initializer keeps the
/// rule's type, and the stored check calls that type's `check` directly.
struct AnyPayloadRule: Sendable {
    /// The rule's catalogue entry: id, severity, summary, source, confidence.
    public let description: RuleDescription
    private let run: @Sendable (LintContext, inout [Diagnostic]) -> Void

    /// Wraps `rule`, a value of a `PayloadRule` type.
    public init<Rule: PayloadRule>(_ rule: Rule) {
        description = Rule.description
        run = { input, diagnostics in rule.check(input, into: &diagnostics) }
    }

    /// Appends the rule's findings about `input` to `diagnostics`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        run(input, &diagnostics)
    }
}
