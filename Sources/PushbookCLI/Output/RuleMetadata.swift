import Payloads
import Cookbook

/// What the output formats say about a rule: from the catalogue (linter rules and device behaviours,
/// each on the rules page) or from the build's own rules (`ToolRule`).
struct RuleMetadata: Sendable, Equatable {
    /// The stable id.
    var id: String
    /// What the rule checks, in one or two sentences.
    var summary: String
    /// The severity its diagnostics have by default.
    var severity: Severity
    /// Where the rule comes from (a URL or a citation), when catalogued.
    var source: String?
    /// How sure we are, in words ("Apple documentation", "modelling choice (inferred)"), when catalogued.
    var confidence: String?
    /// True when the rule has an entry on the site's rules page.
    var onRulesPage: Bool

    /// The metadata of rule `id`: the catalogue's entry, a recipe rule, or just the id.
    static func lookup(_ id: String) -> RuleMetadata {
        if let rule = RuleCatalogue.rule(id) {
            return RuleMetadata(id: id, summary: rule.summary, severity: rule.severity, source: rule.source,
                                confidence: rule.confidence.label, onRulesPage: true)
        }
        if let rule = ToolRule.all.first(where: { $0.id == id }) {
            return RuleMetadata(id: id, summary: rule.summary, severity: .error, source: nil, confidence: nil, onRulesPage: false)
        }
        return RuleMetadata(id: id, summary: id, severity: .error, source: nil, confidence: nil, onRulesPage: false)
    }

    /// The summary's first sentence (up to a full stop followed by a space and a capital letter).
    var firstSentence: String {
        let characters = Array(summary)
        for index in characters.indices.dropLast(2)
        where characters[index] == "." && characters[index + 1] == " " && characters[index + 2].isUppercase {
            return String(characters[...index])
        }
        return summary
    }
}
