import Payloads

/// Diagnostics as GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=RULE::message`),
/// which a workflow's log turns into annotations on the pull request's files. Values are escaped as
/// GitHub's toolkit does: `%`, CR and LF in the message; also `:` and `,` in the properties.
struct GitHubAnnotations {
    /// What was found, in order (unreadable inputs included: they are errors too).
    var diagnostics: [Diagnostic]
    /// The sources, for columns in characters.
    var columns = CodePointColumns()

    /// One command per line, each ending in a newline.
    var text: String { diagnostics.map { command($0) + "\n" }.joined() }

    /// The workflow command of one diagnostic; its detail (a diff, a worker's output) follows the
    /// message on lines of its own, which GitHub shows in the annotation.
    func command(_ d: Diagnostic) -> String {
        var properties: [(String, String)] = []
        if let file = d.file, !file.isEmpty, file != "-" { properties.append(("file", file)) }
        if d.location.line > 0 {
            properties.append(("line", String(d.location.line)))
            let column = columns.column(d)
            if column > 0 { properties.append(("col", String(column))) }
        }
        if !d.rule.isEmpty { properties.append(("title", d.rule)) }
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        var message = d.message
        if let detail = d.detail, !detail.isEmpty { message += "\n" + detail }
        return "::\(Self.command(d.severity))\(list.isEmpty ? "" : " " + list)::\(Self.escapeData(message))"
    }

    /// GitHub's command for a severity: `error`, `warning` or `notice`.
    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// A message: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: as a message, and `:` → `%3A`, `,` → `%2C`.
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
