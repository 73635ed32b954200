/// One piece of JSON as `JSONWriter` writes it, with what it is: the writer hands these to a highlighter,
/// so text it just wrote is never lexed again.
public struct JSONToken: Sendable, Equatable {
    /// What a piece of written JSON is.
    public enum Kind: Sendable, Equatable {
        /// An object key, quotes included.
        case key
        /// A string value, quotes included.
        case string
        /// A number, as written in the source.
        case number
        /// `true`, `false` or `null`.
        case literal
        /// Brackets, braces, commas, colons and whitespace.
        case punctuation
    }

    /// What the piece is.
    public var kind: Kind
    /// The exact text written.
    public var text: String
    /// The path of the member or element the piece belongs to (object keys and array indices from the
    /// root); empty at the top level.
    public var path: [String]

    /// Creates a token.
    public init(_ kind: Kind, _ text: String, path: [String] = []) {
        self.kind = kind
        self.text = text
        self.path = path
    }
}
