/// A run of source text with the kind it was highlighted as (`nil` for plain text).
struct Token: Sendable, Equatable, CustomStringConvertible {
    /// The kind, or `nil` for text that is not highlighted.
    var kind: TokenKind?
    /// The exact source text of the run.
    var text: String

    /// Creates a token from its kind and text.
    init(_ kind: TokenKind?, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// A compact form for test failure messages, e.g. `string("hi")`.
    var description: String { "\(kind?.rawValue ?? "plain")(\(text.debugDescription))" }
}
