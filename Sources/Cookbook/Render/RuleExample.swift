/// An example in which a rule fired: what the rules page links to under the rule.
struct RuleExample: Codable, Sendable, Equatable {
    /// The rule's id.
    var rule: String
    /// The example's section, relative to the site root (`recipes/ID.html#example-NAME`).
    var page: String
    /// The recipe's title.
    var recipe: String
    /// The example's name.
    var example: String
}
