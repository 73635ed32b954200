/// A finding about an input: where it is, how bad it is, which rule found it, and what it means.
public struct Diagnostic: Sendable, Hashable {
    /// The catalogue id of the rule that found it, for example `apns.payload-too-large`.
    public var rule: String
    /// How bad it is.
    public var severity: Severity
    /// One sentence for a person.
    public var message: String
    /// Where in the file (line and column), or `.none` when the finding is about the file as a whole.
    public var location: SourceLocation
    /// The JSON path of the value concerned, for example `message.apns.payload.aps.mutable-content`.
    public var path: String

    /// Creates a diagnostic.
    public init(rule: String, severity: Severity, message: String, location: SourceLocation = .none, path: String = "") {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.path = path
    }

    /// The diagnostic as JSON, in the shape of DESIGN.md's `lint --format json`.
    public var json: JSONValue {
        .object([
            ("rule", .string(rule)),
            ("severity", .string(severity.rawValue)),
            ("message", .string(message)),
            ("line", .int(location.line)),
            ("column", .int(location.column)),
            ("path", .string(path)),
        ])
    }

    /// `file:line:column: severity: message [rule]`, the text form every command prints.
    public func formatted(file: String) -> String {
        let line = max(location.line, 1), column = max(location.column, 1)
        return "\(file):\(line):\(column): \(severity.rawValue): \(message) [\(rule)]"
    }
}

/// How bad a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// The push is refused, or the extension will not run as intended.
    case error
    /// Likely a mistake, but the push goes through.
    case warning
    /// Worth knowing.
    case note

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .note: 0
        }
    }

    /// Orders by badness: note < warning < error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
