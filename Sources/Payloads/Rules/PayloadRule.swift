/// One check of the linter: a catalogue entry plus the code that finds its diagnostics.
///
/// Rules are small value types listed in `PayloadRules.all` (each wrapped in `AnyPayloadRule`); every
/// rule runs on every readable input and appends what it finds. A rule reports with its own `description`'s id and severity.
protocol PayloadRule: Sendable {
    /// The rule's catalogue entry: id, severity, summary, source, confidence.
    static var description: RuleDescription { get }
    /// Creates the rule.
    init()
    /// Appends the rule's findings about `input` to `diagnostics`.
    func check(_ input: LintContext, into diagnostics: inout [Diagnostic])
}
