/// A language's ordered list of syntax rules; text no rule claims is emitted as plain text.
struct Grammar: Sendable {
    /// The rules, tried in order at each position.
    var rules: [any SyntaxRule]

    /// Creates a grammar from its rules, in priority order.
    init(_ rules: [any SyntaxRule]) {
        self.rules = rules
    }
}
