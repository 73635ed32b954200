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

        ARGUMENTS:
          FILE                  Files to check; '-' reads standard input.

        OPTIONS:
          --format FMT          text (default) or json.
          --header NAME:VALUE   An APNs request header for raw APNs payloads (repeatable),
                                for example --header apns-push-type:background.
          -h, --help            Show this help.

        EXIT STATUS: 0 no errors, 1 an error was found, 2 a file could not be read or bad usage.
        """

    static func run(_ arguments: inout ArgumentParser) throws -> Outcome {
        let format = try arguments.option("--format") ?? "text"
        guard ["text", "json"].contains(format) else { throw UsageError(message: "--format must be text or json (got '\(format)')") }
        let headers = try parseHeaders(try arguments.options("--header"))
        let files = try arguments.positionals(known: ["--format", "--header"])
        guard !files.isEmpty else { throw UsageError(message: "give at least one FILE to lint") }
        var reports: [JSONValue] = []
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
                reports.append(.object([("path", .string(file)), ("kind", result.kind.map { .string($0.rawValue) } ?? .null),
                                        ("bytes", .int(result.bytes)), ("diagnostics", .array(result.diagnostics.map(\.json)))]))
            } else {
                for diagnostic in result.diagnostics { print(diagnostic.formatted(file: file)) }
            }
        }
        if format == "json" { print(JSONWriter.write(.object([("files", .array(reports))]), sortKeys: true), terminator: "") }
        if unreadable { return .unreadable }
        return sawError ? .checkFailed : .success
    }

    /// Parses `NAME:VALUE` header options (names lowercased).
    static func parseHeaders(_ values: [String]) throws -> [String: String] {
        var headers: [String: String] = [:]
        for value in values {
            let parts = value.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else { throw UsageError(message: "a header is NAME:VALUE (got '\(value)')") }
            headers[parts[0].lowercased()] = parts[1]
        }
        return headers
    }
}
