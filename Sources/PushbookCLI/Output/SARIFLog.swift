import Payloads
import Cookbook

/// Diagnostics as a SARIF 2.1.0 log (OASIS), the format code-scanning services and editors read: one
/// run of `pushbook`, the rules it reported with their catalogue metadata, and one result per
/// finding with its file, line and column (in code points). Deterministic: no time stamps, no
/// machine paths beyond the file names given, sorted keys.
struct SARIFLog {
    /// The schema the log names (the OASIS errata 01 schema, committed under `Tests/Schemas/`).
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// What was found, in order.
    var results: [Diagnostic]
    /// Problems that stopped the tool from looking at an input (an unreadable file): reported as
    /// tool execution notifications, and the invocation as not successful.
    var notifications: [Diagnostic] = []
    /// The sources, for columns in code points.
    var columns = CodePointColumns()
    /// The rules page's address (`https://…/rules.html`), for each rule's help link; without it the
    /// rules carry their help text but no link (SARIF asks for an absolute URI).
    var rulesPage: String?

    /// The log as printed: sorted keys, two-space indent, trailing newline.
    var text: String { JSONWriter.write(json, sortKeys: true) }

    /// The log as a JSON value.
    var json: JSONValue {
        let ids = Array(Set(results.map(\.rule))).sorted()
        let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        var driver: [(String, JSONValue)] = [
            ("name", .string("pushbook")),
            ("version", .string(PushbookVersion.number)),
            ("semanticVersion", .string(PushbookVersion.number)),
            ("rules", .array(ids.map { rule(RuleMetadata.lookup($0)) })),
        ]
        if let rulesPage { driver.append(("informationUri", .string(rulesPage))) }
        let invocation: JSONValue = .object([
            ("executionSuccessful", .bool(notifications.isEmpty)),
            ("toolExecutionNotifications", .array(notifications.map { notification($0) })),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", .object(driver))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("invocations", .array([invocation])),
            ("results", .array(results.map { result($0, ruleIndex: index[$0.rule] ?? 0) })),
        ])
        return .object([("$schema", .string(Self.schemaURI)), ("version", .string("2.1.0")), ("runs", .array([run]))])
    }

    /// A rule's reporting descriptor: id, descriptions, help (and its link), default level, source.
    func rule(_ rule: RuleMetadata) -> JSONValue {
        var help = rule.summary
        var markdown = rule.summary
        if let source = rule.source, let confidence = rule.confidence {
            help += "\n\nSource: \(source) (\(confidence))."
            markdown += "\n\nSource: " + (source.hasPrefix("https://") ? "<\(source)>" : source) + " (\(confidence))."
        }
        var members: [(String, JSONValue)] = [
            ("id", .string(rule.id)),
            ("shortDescription", .object([("text", .string(rule.firstSentence))])),
            ("fullDescription", .object([("text", .string(rule.summary))])),
            ("help", .object([("text", .string(help)), ("markdown", .string(markdown))])),
            ("defaultConfiguration", .object([("level", .string(Self.level(rule.severity)))])),
        ]
        if let rulesPage, rule.onRulesPage { members.append(("helpUri", .string(rulesPage + "#" + RuleAnchor.fragment(rule.id)))) }
        var properties: [(String, JSONValue)] = []
        if let source = rule.source { properties.append(("source", .string(source))) }
        if let confidence = rule.confidence { properties.append(("confidence", .string(confidence))) }
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        return .object(members)
    }

    /// A result: rule, level, message (with the detail, such as a diff, after it), and where.
    func result(_ d: Diagnostic, ruleIndex: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(d.rule)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(Self.level(d.severity))),
            ("message", .object([("text", .string(Self.message(d)))])),
        ]
        if let location = location(d) { members.append(("locations", .array([location]))) }
        return .object(members)
    }

    /// The message, and the detail's lines after it when there is one.
    static func message(_ d: Diagnostic) -> String {
        guard let detail = d.detail, !detail.isEmpty else { return d.message }
        return d.message + "\n" + detail
    }

    /// A notification about an input the tool could not read.
    func notification(_ d: Diagnostic) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("level", .string(Self.level(d.severity))),
            ("message", .object([("text", .string(Self.message(d)))])),
            ("descriptor", .object([("id", .string(d.rule))])),
        ]
        if let location = location(d) { members.append(("locations", .array([location]))) }
        return .object(members)
    }

    /// The physical location (file, and line and column when known) and, for a JSON value, its path.
    func location(_ d: Diagnostic) -> JSONValue? {
        guard let file = d.file, !file.isEmpty else { return nil }
        var physical: [(String, JSONValue)] = [("artifactLocation", Self.artifactLocation(file))]
        if d.location.line > 0 {
            var region: [(String, JSONValue)] = [("startLine", .int(d.location.line))]
            let column = columns.column(d)
            if column > 0 { region.append(("startColumn", .int(column))) }
            physical.append(("region", .object(region)))
        }
        var members: [(String, JSONValue)] = [("physicalLocation", .object(physical))]
        if !d.path.isEmpty {
            members.append(("logicalLocations", .array([.object([("fullyQualifiedName", .string(d.path)), ("kind", .string("value"))])])))
        }
        return .object(members)
    }

    /// A file as SARIF names it: a relative path as a URI reference against the checkout's root
    /// (`%SRCROOT%`), an absolute path as a `file:` URI, standard input by description only.
    static func artifactLocation(_ file: String) -> JSONValue {
        if file == "-" { return .object([("description", .object([("text", .string("standard input"))]))]) }
        if file.hasPrefix("/") { return .object([("uri", .string("file://" + percentEncoded(file)))]) }
        var relative = Substring(file)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return .object([("uri", .string(percentEncoded(String(relative)))), ("uriBaseId", .string("%SRCROOT%"))])
    }

    /// `path` with every byte but unreserved characters and `/` percent-encoded (RFC 3986 §2).
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// SARIF's level for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }
}
