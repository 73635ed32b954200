/// A run of source text with the kind it was highlighted as (`nil` for plain text).
public struct Token: Sendable, Equatable, CustomStringConvertible {
    /// The kind, or `nil` for text that is not highlighted.
    public var kind: TokenKind?
    /// The exact source text of the run.
    public var text: String

    /// Creates a token from its kind and text.
    public init(_ kind: TokenKind?, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// A compact form for test failure messages, e.g. `string("hi")`.
    public var description: String { "\(kind?.rawValue ?? "plain")(\(text.debugDescription))" }
}
