/// What `--format` may choose: how a command prints its findings or records.
enum OutputFormat: String, Sendable, CaseIterable {
    /// Lines for a person: `file:line:column: severity: message [rule]`.
    case text
    /// JSON: lint's report, check's diagnostics, or a delivery record.
    case json
    /// A SARIF 2.1.0 log, for code scanning.
    case sarif
    /// GitHub Actions workflow commands, shown as annotations on a pull request.
    case github

    /// The `--format` option offering `choices`, the first of them the default.
    static func option(_ choices: [OutputFormat], help: String) -> OptionSpec {
        OptionSpec.value("--format", "FMT", help: help, default: choices.first?.rawValue, choices: choices.map(\.rawValue))
    }
}
