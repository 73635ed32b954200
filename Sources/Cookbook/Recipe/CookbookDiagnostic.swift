import Payloads

/// A problem with a recipe's files, at a `file:line:column`.
public struct CookbookDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the recipes folder's parent where possible.
    public var file: String
    /// Where in the file.
    public var location: SourceLocation
    /// How bad.
    public var severity: Severity
    /// What is wrong and what to do.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, location: SourceLocation = SourceLocation(line: 1, column: 1), severity: Severity = .error, message: String) {
        self.file = file
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// `file:line:column: severity: message`.
    public var description: String {
        "\(file):\(max(location.line, 1)):\(max(location.column, 1)): \(severity.rawValue): \(message)"
    }
}
