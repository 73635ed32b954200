import Foundation
import Payloads

/// `pushbook lint`: check payloads against the rules of APNs, FCM and iOS.
enum LintCommand {
    /// How to print the findings.
    static let format = OutputFormat.option([.text, .json, .sarif, .github],
        help: "text, json, sarif (a SARIF 2.1.0 log for code scanning) or github (GitHub Actions workflow commands, shown as annotations on the pull request).")
    /// List the catalogue instead.
    static let rules = OptionSpec.flag("--rules", help: "List the rule catalogue (linter rules and simulated iOS behaviours): id, severity, summary, source, confidence.")

    /// The command's declaration.
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check FCM messages and APNs payloads: will they be accepted, will the extension run?",
        overview: """
            Reads FCM HTTP v1 send bodies, APNs payloads and Xcode Simulator .apns files, and
            reports every rule they break as file:line:column: severity: message [rule-id]. The rules,
            their sources and confidence are listed on the site's rules page.
            """,
        options: [format, CommonOptions.header, CommonOptions.rulesURL, rules],
        arguments: [ArgumentSpec(name: "FILE", help: "Files to check: regular files, FIFOs, /dev/stdin; '-' reads standard input (once).", repeats: true)],
        extraUsage: ["pushbook lint --rules [--format FMT]"],
        epilogue: "EXIT STATUS: 0 no errors, 1 an error was found, 2 a file could not be read or bad usage.",
        run: run)

    @Sendable static func run(_ arguments: ParsedArguments) throws -> Outcome {
        let format = try CommonOptions.format(Self.format, arguments)
        let headers = try parseHeaders(arguments.all(CommonOptions.header))
        let rulesPage = try CommonOptions.rulesURL(arguments)
        let files = arguments.positionals
        if arguments.flag(rules) {
            guard files.isEmpty else { throw UsageError(message: "--rules takes no FILE") }
            guard format == .text || format == .json else { throw UsageError(message: "--rules is listed as text or json (got '\(format)')") }
            printRules(json: format == .json)
            return .success
        }
        guard !files.isEmpty else { throw UsageError(message: "give at least one FILE to lint") }
        guard files.filter({ $0 == "-" }).count <= 1 else { throw UsageError(message: "'-' (standard input) can be read only once") }
        var report = LintReport()
        var found: [Diagnostic] = [], problems: [Diagnostic] = []
        var columns = CodePointColumns()
        var sawError = false
        for (file, name) in zip(files, arguments.positionalBytes) {
            let bytes: [UInt8]
            switch InputFile.read(bytes: name) {
            case .success(let read): bytes = read
            case .failure(let failure):
                let problem = Diagnostic(file: file, rule: Diagnostic.unreadableInputRule, message: "\(failure)")
                printError(problem.text)
                problems.append(problem)
                continue
            }
            let result = Linter.lint(bytes, headers: headers)
            sawError = sawError || result.hasErrors
            let diagnostics = result.diagnostics.map { $0.inFile(file) }
            switch format {
            case .json: report.add(result, path: file)
            case .text: for diagnostic in diagnostics { print(diagnostic.text) }
            default:
                found += diagnostics
                columns.add(file, bytes)
            }
        }
        switch format {
        case .json: print(report.text, terminator: "")
        case .sarif: print(SARIFLog(results: found, notifications: problems, columns: columns, rulesPage: rulesPage).text, terminator: "")
        case .github: print(GitHubAnnotations(diagnostics: found + problems, columns: columns).text, terminator: "")
        default: break
        }
        if !problems.isEmpty { return .unreadable }
        return sawError ? .checkFailed : .success
    }

    /// Prints the rule catalogue.
    static func printRules(json: Bool) {
        let rules = RuleCatalogue.all
        if json {
            let list = JSONValue.array(rules.map { rule in
                .object([("id", .string(rule.id)), ("severity", .string(rule.severity.rawValue)), ("summary", .string(rule.summary)),
                         ("source", .string(rule.source)), ("confidence", .string(rule.confidence.rawValue)),
                         ("modellingChoice", .bool(rule.isModellingChoice)), ("refusesRequest", .bool(rule.refusesRequest))])
            })
            print(JSONWriter.write(.object([("rules", list)]), sortKeys: true), terminator: "")
            return
        }
        for rule in rules {
            print("\(rule.id) [\(rule.severity.rawValue)] \(rule.summary)")
            print("    source: \(rule.source) (\(rule.confidence.label))")
        }
    }

    /// Parses `NAME:VALUE` header options (names lowercased).
    static func parseHeaders(_ values: [String]) throws -> [String: String] {
        var headers: [String: String] = [:]
        for value in values {
            guard let (name, headerValue) = APNsHeaders.option(value) else { throw UsageError(message: "a header is NAME:VALUE (got '\(value)')") }
            headers[name] = headerValue
        }
        return headers
    }
}
