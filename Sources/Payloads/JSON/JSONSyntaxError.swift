/// Why a file is not JSON, and where: the first offending byte's line and column.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for a person: "expected ',' or '}' after object member".
    public var message: String
    /// Where the problem was found (1-based line, column in UTF-8 bytes).
    public var location: SourceLocation

    /// Creates a syntax error.
    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `line:column: message`.
    public var description: String { "\(location): \(message)" }
}
