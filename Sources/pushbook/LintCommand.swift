import Foundation
import Payloads

/// `pushbook lint`: check payloads against the rules of APNs, FCM and iOS.
enum LintCommand: PushbookCommand {
    static let name = "lint"
    static let abstract = "Check FCM messages and APNs payloads: will they be accepted, will the extension run?"
    static let help = """
        OVERVIEW: Reads FCM HTTP v1 send bodies, APNs payloads and Xcode Simulator .apns files, and
        reports every rule they break as file:line:column: severity: message [rule-id]. The rules,
        their sources and confidence are listed on the site's rules page.

        USAGE: pushbook lint [--format text|json] [--header NAME:VALUE]... FILE...
               pushbook lint --rules [--format text|json]

        ARGUMENTS:
          FILE                  Files to check; '-' reads standard input.

        OPTIONS:
          --format FMT          text (default) or json.
          --header NAME:VALUE   An APNs request header for raw APNs payloads (repeatable),
                                for example --header apns-push-type:background.
          --rules               List the rule catalogue (linter rules and simulated iOS
                                behaviours): id, severity, summary, source, confidence.
          -h, --help            Show this help.

        EXIT STATUS: 0 no errors, 1 an error was found, 2 a file could not be read or bad usage.
        """

    static func run(_ arguments: inout ArgumentParser) throws -> Outcome {
        let format = try arguments.option("--format") ?? "text"
        guard ["text", "json"].contains(format) else { throw UsageError(message: "--format must be text or json (got '\(format)')") }
        let listRules = arguments.flag("--rules")
        let headers = try parseHeaders(try arguments.options("--header"))
        let files = try arguments.positionals(known: ["--format", "--header", "--rules"])
        if listRules {
            guard files.isEmpty else { throw UsageError(message: "--rules takes no FILE") }
            printRules(json: format == "json")
            return .success
        }
        guard !files.isEmpty else { throw UsageError(message: "give at least one FILE to lint") }
        var report = LintReport()
        var sawError = false, unreadable = false
        for file in files {
            let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
            guard let data else {
                printError("\(file):1:1: error: cannot read the file")
                unreadable = true
                continue
            }
            let result = Linter.lint([UInt8](data), headers: headers)
            sawError = sawError || result.hasErrors
            if format == "json" {
                report.add(result, path: file)
            } else {
                for diagnostic in result.diagnostics { print(diagnostic.formatted(file: file)) }
            }
        }
        if format == "json" { print(report.text, terminator: "") }
        if unreadable { return .unreadable }
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
