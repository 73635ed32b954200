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
        let project = CookbookProject(recipesFolder: URL(fileURLWithPath: recipes, isDirectory: true), displayRoot: recipes,
                                      entryPoints: RecipeRegistry.entryPoints)
        let report = project.check(only: ids, update: update)
        if format == "json" {
            print(JSONWriter.write(json(report), sortKeys: true), terminator: "")
        } else {
            printText(report, verbose: true)
        }
        if update {
            for path in report.updated { printError("updated \(path)") }
            let stillFailing = report.results.values.joined().contains { if case .failed = $0.verification { return true }; return false }
            return report.diagnostics.isEmpty && !stillFailing ? .success : .checkFailed
        }
        return report.passed ? .success : .checkFailed
    }

    /// Prints load problems, failures and diffs on stderr and a summary on stdout.
    static func printText(_ report: CookbookProject.CheckReport, verbose: Bool) {
        for diagnostic in report.diagnostics { printError(diagnostic.description) }
        var passed = 0, failed = 0
        for recipe in report.recipes {
            for result in report.results[recipe.id] ?? [] {
                let path = "\(recipe.displayPath)/expected/\(result.example.id).json"
                switch result.verification {
                case .passed: passed += 1
                case .mismatch(let diff):
                    failed += 1
                    printError("\(path):1:1: error: the record of example '\(result.example.id)' differs from the expected file\n\(diff)")
                case .missing:
                    failed += 1
                    printError("\(path):1:1: error: no expected record; run 'pushbook check --update \(recipe.id)' and review it")
                case .failed(let diagnostic):
                    failed += 1
                    printError(diagnostic.description)
                }
            }
        }
        if verbose || failed > 0 {
            print("\(passed) passed, \(failed) failed")
        }
    }

    private static func json(_ report: CookbookProject.CheckReport) -> JSONValue {
        var examples: [JSONValue] = []
        for recipe in report.recipes {
            for result in report.results[recipe.id] ?? [] {
                var status = "passed", detail = ""
                switch result.verification {
                case .passed: break
                case .mismatch(let diff): status = "mismatch"; detail = diff
                case .missing: status = "missing"
                case .failed(let d): status = "failed"; detail = d.description
                }
                examples.append(.object([("recipe", .string(recipe.id)), ("example", .string(result.example.id)),
                                         ("expected", .string("\(recipe.displayPath)/expected/\(result.example.id).json")),
                                         ("status", .string(status)), ("detail", .string(detail))]))
            }
        }
        return .object([("passed", .bool(report.passed)),
                        ("diagnostics", .array(report.diagnostics.map { .string($0.description) })),
                        ("examples", .array(examples))])
    }
}
