import Foundation

/// Options that several commands take, declared once.
enum CommonOptions {
    /// The recipes folder (build, check, simulate).
    static let recipes = OptionSpec.value("--recipes", "DIR", help: "The recipes folder.", default: "Recipes")
    /// An APNs request header (lint, simulate).
    static let header = OptionSpec.repeated("--header", "NAME:VALUE",
        help: "An APNs request header for raw APNs payloads (repeatable), for example --header apns-push-type:background.")
    /// Worker processes (build, check).
    static let jobs = OptionSpec.value("--jobs", "N",
        help: "Worker processes, 1 to 64; by default twice the number of cores, since a simulated run spends part of its time waiting on Foundation's queues.")
    /// Full crash reports (build, check).
    static let verbose = OptionSpec.flag("--verbose",
        help: "When a recipe's code crashes its worker, print the worker's whole output (the Swift backtrace), not just the one-line reason.")
    /// The published rules page (lint, check), for SARIF's help links.
    static let rulesURL = OptionSpec.value("--rules-url", "URL",
        help: "The address of the cookbook's rules page (https://…/rules.html): each rule in SARIF output then links to its entry there. Without it, rules carry their help text but no link.")

    /// The value of `--rules-url`: an absolute http(s) address with no fragment, or nil.
    static func rulesURL(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let value = arguments.value(rulesURL) else { return nil }
        let lower = value.lowercased()
        let host = value.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).first ?? ""
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !host.isEmpty, !value.contains("#"),
              value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw UsageError(message: "--rules-url takes an absolute http(s) address without a fragment or spaces, such as https://example.org/pushbook/rules.html (got '\(value)')")
        }
        return value
    }

    /// The value of `--jobs`, checked.
    static func jobs(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let value = arguments.value(jobs) else { return 2 * ProcessInfo.processInfo.activeProcessorCount }
        guard let n = Int(value), n >= 1, n <= 64 else { throw UsageError(message: "--jobs takes a whole number from 1 to 64 (got '\(value)')") }
        return n
    }

    /// The value of a `--format` option: one of its choices, or its default.
    static func format(_ option: OptionSpec, _ arguments: ParsedArguments) throws(UsageError) -> OutputFormat {
        let allowed = option.choices
        let value = arguments.value(option) ?? allowed.first ?? ""
        guard allowed.contains(value), let format = OutputFormat(rawValue: value) else {
            let choices = allowed.count > 1 ? allowed.dropLast().joined(separator: ", ") + " or " + allowed[allowed.count - 1] : allowed.joined()
            throw UsageError(message: "\(option.name) must be \(choices) (got '\(value)')")
        }
        return format
    }
}
