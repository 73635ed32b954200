/// A finding: where it is (file, line and column, JSON path), how bad it is, which rule found it,
/// and what it means. Every problem Pushbook reports is one: a linter finding, a device behaviour,
/// a recipe error, a fixture or app-configuration error, a broken link, a worker failure, a
/// verification result. Text and JSON are made from it in one place each (`text`, `json`).
public struct Diagnostic: Error, Sendable, Hashable {
    /// The stable id of the rule that found it, for example `apns.payload-too-large` (the rule
    /// catalogue) or `recipe.front-matter` (the build's own rules).
    public var rule: String
    /// How bad it is.
    public var severity: Severity
    /// One sentence for a person.
    public var message: String
    /// Where in the file (line and column), or `.none` when the finding is about the file as a whole.
    public var location: SourceLocation
    /// The JSON path of the value concerned, for example `message.apns.payload.aps.mutable-content`.
    public var path: String
    /// The file, as messages name it (relative to where the command runs, never a machine path
    /// the user did not give); nil when the finding is about an input that is not a file of its
    /// own, such as the payload inside a delivery record.
    public var file: String?
    /// More lines after the message, such as a diff or what a crashed worker wrote; nil when none.
    public var detail: String?

    /// Creates a finding about a payload (the linter's and the device's form).
    public init(rule: String, severity: Severity, message: String, location: SourceLocation = .none, path: String = "",
                file: String? = nil, detail: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.path = path
        self.file = file
        self.detail = detail
    }

    /// Creates a finding about a file (the build's and the command line's form): an error unless told.
    public init(file: String, location: SourceLocation = .none, rule: String, severity: Severity = .error, message: String,
                detail: String? = nil) {
        self.init(rule: rule, severity: severity, message: message, location: location, path: "", file: file, detail: detail)
    }

    /// This finding, placed in `file`.
    public func inFile(_ file: String) -> Diagnostic {
        var copy = self
        copy.file = file
        return copy
    }

    /// The diagnostic as JSON, in the shape of `lint --format json` (ARCHITECTURE.md): rule, severity,
    /// message, line, column, path; and `file` and `detail` when it has them (a delivery record's
    /// findings have neither, so records keep their shape).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("rule", .string(rule)),
            ("severity", .string(severity.rawValue)),
            ("message", .string(message)),
            ("line", .int(location.line)),
            ("column", .int(location.column)),
            ("path", .string(path)),
        ]
        if let file { members.append(("file", .string(file))) }
        if let detail { members.append(("detail", .string(detail))) }
        return .object(members)
    }

    /// The text form every command prints: `file:line:column: severity: message [rule]` (line and
    /// column at least 1; without the `file:line:column: ` part when there is no file), then the
    /// detail's lines. Control characters in the file name are written as escapes (`\n`,
    /// `\u{1B}`), so a name can neither split the line nor reach the terminal as a command.
    public var text: String {
        var line = ""
        if let file { line = "\(Self.printable(file)):\(max(location.line, 1)):\(max(location.column, 1)): " }
        line += "\(severity.rawValue): \(message) [\(rule)]"
        if let detail, !detail.isEmpty { line += "\n" + detail }
        return line
    }

    /// `name` with its control characters (C0, DEL, C1) written as Swift escapes.
    public static func printable(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return name }
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case _ where scalar.properties.generalCategory == .control: text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The id of the finding that an input file could not be read (a missing file, a folder, no permission).
    public static let unreadableInputRule = "input.unreadable"
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
