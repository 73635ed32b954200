import Foundation
import Cookbook
import Recipes
import Payloads

/// `pushbook check`: run every example and compare with `expected/`.
enum CheckCommand: PushbookCommand {
    static let name = "check"
    static let abstract = "Run every recipe's examples and compare with expected/."
    static let help = """
        OVERVIEW: Runs every example of every recipe (or of the recipes named) through the simulated
        device and compares each delivery record with expected/<example>.json. A mismatch prints a
        diff with the file's path and exits 1.

        USAGE: pushbook check [--recipes DIR] [--update] [--format text|json] [ID ...]

        ARGUMENTS:
          ID              Recipe ids (folder names) to check; all when none.

        OPTIONS:
          --recipes DIR   The recipes folder (default: Recipes).
          --update        Rewrite the expected files with the new records (review them in the diff).
          --format FMT    text (default) or json.
          -h, --help      Show this help.
        """

    static func run(_ arguments: inout ArgumentParser) throws -> Outcome {
        let recipes = try arguments.option("--recipes") ?? "Recipes"
        let update = arguments.flag("--update")
        let format = try arguments.option("--format") ?? "text"
        guard ["text", "json"].contains(format) else { throw UsageError(message: "--format must be text or json (got '\(format)')") }
        let ids = try arguments.positionals(known: ["--recipes", "--update", "--format"])
        let project = CookbookProject(recipesFolder: URL(fileURLWithPath: recipes, isDirectory: true), displayRoot: BuildCommand.displayName(recipes),
                                      entryPoints: RecipeRegistry.entryPoints)
        let report = project.check(only: ids, update: update, options: BuildCommand.workerOptions(jobs: 2 * ProcessInfo.processInfo.activeProcessorCount, cache: false))
        if format == "json" {
            print(JSONWriter.write(json(report), sortKeys: true), terminator: "")
        } else {
            printText(report)
        }
        if update {
            for path in report.updated { printError("updated \(path)") }
            let stillFailing = report.statuses.values.joined().contains { $0.status == "failed" }
            return report.diagnostics.isEmpty && !stillFailing ? .success : .checkFailed
        }
        return report.passed ? .success : .checkFailed
    }

    /// Prints load problems, failures and diffs on stderr and a summary on stdout.
    static func printText(_ report: CookbookProject.CheckReport) {
        for diagnostic in report.diagnostics { printError(diagnostic.description) }
        var passed = 0, failed = 0
        var printed: Set<String> = []
        for recipe in report.recipes {
            for status in report.statuses[recipe.id] ?? [] {
                guard let message = status.report(recipe: recipe) else { passed += 1; continue }
                failed += 1
                // A missing service fails every example of its recipe with the same message: print it once.
                if printed.insert(message).inserted { printError(message) }
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
                                         ("status", .string(status.status)), ("detail", .string(status.message))]))
            }
        }
        return .object([("passed", .bool(report.passed)),
                        ("diagnostics", .array(report.diagnostics.map { .string($0.description) })),
                        ("examples", .array(examples))])
    }
}
