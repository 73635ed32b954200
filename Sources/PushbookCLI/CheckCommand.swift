import Foundation
import Cookbook
import Payloads

/// `pushbook check`: run every example and compare with `expected/`.
enum CheckCommand {
    /// Rewrite the expected files.
    static let update = OptionSpec.flag("--update", help: "Rewrite the expected files with the new records (review them in the diff).")
    /// How to print the results.
    static let format = OutputFormat.option([.text, .json, .sarif, .github],
        help: "text, json, sarif (a SARIF 2.1.0 log of every problem, for code scanning) or github (GitHub Actions workflow commands, shown as annotations on the pull request).")

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
        options: [CommonOptions.recipes, update, format, CommonOptions.rulesURL, CommonOptions.jobs, CommonOptions.verbose],
        arguments: [ArgumentSpec(name: "ID", help: "Recipe ids (folder names) to check; all when none.", repeats: true)],
        run: run)

    @Sendable static func run(_ arguments: ParsedArguments) throws -> Outcome {
        let recipes = arguments.value(CommonOptions.recipes) ?? "Recipes"
        let update = arguments.flag(Self.update)
        let format = try CommonOptions.format(Self.format, arguments)
        let rulesPage = try CommonOptions.rulesURL(arguments)
        let ids = arguments.positionals
        let project = CookbookProject(recipesFolder: URL(fileURLWithPath: recipes, isDirectory: true), displayRoot: BuildCommand.displayName(recipes),
                                      entryPoints: arguments.entryPoints)
        let options = BuildCommand.workerOptions(jobs: try CommonOptions.jobs(arguments), cache: false, verbose: arguments.flag(CommonOptions.verbose))
        let report = project.check(only: ids, update: update, options: options)
        switch format {
        case .json: print(JSONWriter.write(json(report), sortKeys: true), terminator: "")
        case .sarif:
            let found = problems(report)
            print(SARIFLog(results: found, columns: .reading(found), rulesPage: rulesPage).text, terminator: "")
        case .github:
            let found = problems(report)
            print(GitHubAnnotations(diagnostics: found, columns: .reading(found)).text, terminator: "")
        default: printText(report)
        }
        if update {
            for path in report.updated { printError("updated \(path)") }
            let stillFailing = report.statuses.values.joined().contains { $0.status == .failed }
            return report.diagnostics.isEmpty && !stillFailing ? .success : .checkFailed
        }
        return report.passed ? .success : .checkFailed
    }

    /// Every problem of the check, in order: load problems, then each failing example's (a missing
    /// service fails every example of its recipe with the same diagnostic: it is listed once).
    static func problems(_ report: CookbookProject.CheckReport) -> [Diagnostic] {
        var found = report.diagnostics
        var seen = Set(found)
        for recipe in report.recipes {
            for status in report.statuses[recipe.id] ?? [] {
                if let diagnostic = status.diagnostic, seen.insert(diagnostic).inserted { found.append(diagnostic) }
            }
        }
        return found
    }

    /// Prints load problems, failures and diffs on stderr and a summary on stdout.
    static func printText(_ report: CookbookProject.CheckReport) {
        for diagnostic in problems(report) { printError(diagnostic.text) }
        let statuses = report.recipes.flatMap { report.statuses[$0.id] ?? [] }
        let passed = statuses.filter(\.isPassed).count
        print("\(passed) passed, \(statuses.count - passed) failed")
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
