import Foundation
import Cookbook
import Recipes

/// `pushbook build`: verify every example and render the site.
enum BuildCommand: PushbookCommand {
    static let name = "build"
    static let abstract = "Run and verify every recipe, then render the site."
    static let help = """
        OVERVIEW: Runs every example of every recipe, verifies it against expected/, and renders the
        cookbook into a static site that works offline. The site is written to a temporary folder and
        swapped in whole; on any failure the previous site is left untouched.

        USAGE: pushbook build [--recipes DIR] [--out DIR] [--no-cache]

        OPTIONS:
          --recipes DIR   The recipes folder (default: Recipes).
          --out DIR       Where the site goes (default: site).
          --no-cache      Ignore cached example runs and pages.
          -h, --help      Show this help.
        """

    static func run(_ arguments: inout ArgumentParser) throws -> Outcome {
        let recipes = try arguments.option("--recipes") ?? "Recipes"
        let out = try arguments.option("--out") ?? "site"
        _ = arguments.flag("--no-cache")
        let extra = try arguments.positionals(known: ["--recipes", "--out", "--no-cache"])
        guard extra.isEmpty else { throw UsageError(message: "build takes no positional arguments (got '\(extra[0])')") }
        let project = CookbookProject(recipesFolder: URL(fileURLWithPath: recipes, isDirectory: true), displayRoot: recipes,
                                      entryPoints: RecipeRegistry.entryPoints)
        let report = project.build(output: URL(fileURLWithPath: out, isDirectory: true))
        CheckCommand.printText(report.check, verbose: false)
        for diagnostic in report.diagnostics { printError(diagnostic.description) }
        guard report.succeeded else {
            printError("build failed: \(out)/ was left as it was")
            return .checkFailed
        }
        let examples = report.check.results.values.reduce(0) { $0 + $1.count }
        print("built \(out)/: \(report.check.recipes.count) recipes, \(examples) examples verified, \(report.filesWritten) files")
        return .success
    }
}
