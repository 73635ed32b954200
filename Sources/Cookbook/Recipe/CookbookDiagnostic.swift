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
    /// The stable id of the rule broken (for example `recipe.symlink`), when the problem is one
    /// of the catalogued recipe rules (`RecipeRule`).
    public var rule: String?

    /// Creates a diagnostic.
    public init(file: String, location: SourceLocation = SourceLocation(line: 1, column: 1), severity: Severity = .error, message: String, rule: String? = nil) {
        self.file = file
        self.location = location
        self.severity = severity
        self.message = message
        self.rule = rule
    }

    /// A diagnostic for a broken recipe rule: its message, with the rule's id.
    public init(file: String, location: SourceLocation = SourceLocation(line: 1, column: 1), breaking rule: RecipeRule, _ detail: String) {
        self.init(file: file, location: location, message: detail, rule: rule.id)
    }

    /// `file:line:column: severity: message`, and ` [rule]` when a rule was broken.
    public var description: String {
        "\(file):\(max(location.line, 1)):\(max(location.column, 1)): \(severity.rawValue): \(message)" + (rule.map { " [\($0)]" } ?? "")
    }
}
