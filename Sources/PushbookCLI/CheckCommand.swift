import Foundation
import Cookbook
import Payloads

/// `pushbook check`: run every example and compare with `expected/`.
enum CheckCommand {
    /// Rewrite the expected files.
    static let update = OptionSpec.flag("--update", help: "Rewrite the expected files with the new records (review them in the diff).")
    /// How to print the results.
    static let format = OptionSpec.value("--format", "FMT", help: "text or json.", default: "text", choices: ["text", "json"])

    /// The command's declaration.
    static let spec = CommandSpec(
        name: "check",
        abstract: "Run every recipe's examples and compare with expected/.",
        overview: """
            Runs every example of every recipe (or of the recipes named) through the simulated
            device and compares each delivery record with expected/<example>.json. A mismatch prints a
            diff with the file's path and exits 1. Each recipe runs in a worker process, so one whose
            code crashes fails alone.
            """,
        options: [CommonOptions.recipes, update, format, CommonOptions.jobs, CommonOptions.verbose],
        arguments: [ArgumentSpec(name: "ID", help: "Recipe ids (folder names) to check; all when none.", repeats: true)],
        run: run)

    @Sendable static func run(_ arguments: ParsedArguments) throws -> Outcome {
        let recipes = arguments.value(CommonOptions.recipes) ?? "Recipes"
        let update = arguments.flag(Self.update)
        let format = try CommonOptions.format(Self.format, arguments)
        let ids = arguments.positionals
        let project = CookbookProject(recipesFolder: URL(fileURLWithPath: recipes, isDirectory: true), displayRoot: BuildCommand.displayName(recipes),
                                      entryPoints: arguments.entryPoints)
        let options = BuildCommand.workerOptions(jobs: try CommonOptions.jobs(arguments), cache: false, verbose: arguments.flag(CommonOptions.verbose))
        let report = project.check(only: ids, update: update, options: options)
        if format == "json" {
            print(JSONWriter.write(json(report), sortKeys: true), terminator: "")
        } else {
            printText(report)
        }
        if update {
            for path in report.updated { printError("updated \(path)") }
            let stillFailing = report.statuses.values.joined().contains { $0.status == .failed }
            return report.diagnostics.isEmpty && !stillFailing ? .success : .checkFailed
        }
        return report.passed ? .success : .checkFailed
    }

    /// Prints load problems, failures and diffs on stderr and a summary on stdout.
    static func printText(_ report: CookbookProject.CheckReport) {
        for diagnostic in report.diagnostics { printError(diagnostic.text) }
        var passed = 0, failed = 0
        var printed: Set<Diagnostic> = []
        for recipe in report.recipes {
            for status in report.statuses[recipe.id] ?? [] {
                guard !status.isPassed else { passed += 1; continue }
                failed += 1
                // A missing service fails every example of its recipe with the same diagnostic: print it once.
                if let diagnostic = status.diagnostic, printed.insert(diagnostic).inserted { printError(diagnostic.text) }
            }
        }
        print("\(passed) passed, \(failed) failed")
    }

    private static func json(_ report: CookbookProject.CheckReport) -> JSONValue {
        var examples: [JSONValue] = []
        for recipe in report.recipes {
            for status in report.statuses[recipe.id] ?? [] {
                examples.append(.object([("recipe", .string(recipe.id)), ("example", .string(status.example)),
                                         ("expected", .string("\(recipe.displayPath)/expected/\(status.example).json")),
                                         ("status", .string(status.status.rawValue)), ("diagnostic", status.diagnostic?.json ?? .null)]))
            }
        }
        return .object([("passed", .bool(report.passed)),
                        ("diagnostics", .array(report.diagnostics.map(\.json))),
                        ("examples", .array(examples))])
    }
}
