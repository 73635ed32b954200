import Foundation
import Payloads
import NotificationSimulator

/// The cookbook as a whole: load the recipes, run and verify their examples, render and write the site.
///
/// The pipeline of DESIGN.md: load → run each example → verify against `expected/` → render → write.
/// `check` stops after verifying; `build` goes on only when every example verified.
public struct CookbookProject: Sendable {
    /// The recipes folder.
    public var recipesFolder: URL
    /// How the recipes folder is named in messages.
    public var displayRoot: String
    /// The runner, with the recipe registry.
    public var runner: ExampleRunner

    /// Creates a project.
    public init(recipesFolder: URL, displayRoot: String, entryPoints: [String: RecipeEntryPoint]) {
        self.recipesFolder = recipesFolder
        self.displayRoot = displayRoot
        self.runner = ExampleRunner(entryPoints: entryPoints)
    }

    /// What `check` found.
    public struct CheckReport: Sendable {
        /// The recipes loaded.
        public var recipes: [Recipe]
        /// Problems loading recipes.
        public var diagnostics: [CookbookDiagnostic]
        /// Every example's result, by recipe id.
        public var results: [String: [ExampleResult]]
        /// The expected files rewritten (with `update`).
        public var updated: [String]

        /// True when everything loaded and every example matched.
        public var passed: Bool {
            diagnostics.allSatisfy { $0.severity != .error } && results.values.joined().allSatisfy { $0.verification.isPassed }
        }
    }

    /// Runs every example of the recipes (all, or those named) and compares with `expected/`;
    /// with `update`, rewrites the expected files of examples that ran.
    public func check(only ids: [String] = [], update: Bool = false) -> CheckReport {
        let (recipes, diagnostics) = RecipeLoader(root: recipesFolder, displayRoot: displayRoot).load(only: ids)
        var results: [String: [ExampleResult]] = [:]
        var updated: [String] = []
        for recipe in recipes {
            var list: [ExampleResult] = []
            for example in recipe.examples {
                let expectedPath = "\(recipe.displayPath)/expected/\(example.id).json"
                do {
                    let outcome = try runner.run(example, of: recipe)
                    let got = outcome.record.text
                    if update {
                        let old = FileManager.default.contents(atPath: example.expected.path)
                        if old != Data(got.utf8) {
                            try? FileManager.default.createDirectory(at: example.expected.deletingLastPathComponent(), withIntermediateDirectories: true)
                            try Data(got.utf8).write(to: example.expected, options: .atomic)
                            updated.append(expectedPath)
                        }
                    }
                    let want = FileManager.default.contents(atPath: example.expected.path).map { String(decoding: $0, as: UTF8.self) }
                    list.append(ExampleResult(example: example, outcome: outcome, verification: .compare(got: got, want: want, path: expectedPath)))
                } catch let error as CookbookDiagnostic {
                    list.append(ExampleResult(example: example, outcome: nil, verification: .failed(error)))
                } catch {
                    list.append(ExampleResult(example: example, outcome: nil,
                                              verification: .failed(CookbookDiagnostic(file: expectedPath, message: "cannot write: \(error.localizedDescription)"))))
                }
            }
            results[recipe.id] = list
        }
        return CheckReport(recipes: recipes, diagnostics: diagnostics, results: results, updated: updated)
    }

    /// What `build` did.
    public struct BuildReport: Sendable {
        /// The verification.
        public var check: CheckReport
        /// Problems rendering (bad includes, broken links).
        public var diagnostics: [CookbookDiagnostic]
        /// Pages and files written.
        public var filesWritten: Int
        /// True when the site was written.
        public var succeeded: Bool
    }

    /// Verifies every example, renders the site, checks its links, and swaps it into `output` whole.
    /// Nothing is written when a check fails.
    public func build(output: URL) -> BuildReport {
        let check = check()
        guard check.passed else { return BuildReport(check: check, diagnostics: [], filesWritten: 0, succeeded: false) }
        var files: [String: String] = [:]
        var diagnostics: [CookbookDiagnostic] = []
        var search = SearchIndex()
        let recipes = check.recipes
        for (index, recipe) in recipes.enumerated() {
            let results = Dictionary(uniqueKeysWithValues: (check.results[recipe.id] ?? []).map { ($0.example.id, $0) })
            let page = RecipePage(recipe: recipe, results: results,
                                  previous: index > 0 ? recipes[index - 1] : nil,
                                  next: index + 1 < recipes.count ? recipes[index + 1] : nil)
            let output = page.render()
            files[page.path] = output.html
            files.merge(output.downloads) { a, _ in a }
            diagnostics += output.diagnostics
            search.entries += output.search
        }
        let previews = Dictionary(uniqueKeysWithValues: recipes.compactMap { recipe in
            (check.results[recipe.id] ?? []).compactMap(\.outcome).first { $0.record.delivered != nil || !$0.record.localNotifications.isEmpty }.map { (recipe.id, $0) }
        })
        files["index.html"] = IndexPage(recipes: recipes, previews: previews).render()
        let rules = RulesPage(rules: RuleCatalogue.all)
        files["rules.html"] = rules.render()
        search.entries += rules.search
        files["search.html"] = SearchPage.render()
        files["search-index.js"] = search.javaScript
        for asset in Assets.files { files[asset.path] = asset.contents }

        let pages = files.filter { $0.key.hasSuffix(".html") }
        for broken in LinkChecker.check(pages: pages, files: Set(files.keys)) {
            diagnostics.append(CookbookDiagnostic(file: "site/\(broken.page)", message: "broken link '\(broken.href)': \(broken.reason)"))
        }
        guard diagnostics.allSatisfy({ $0.severity != .error }) else {
            return BuildReport(check: check, diagnostics: diagnostics, filesWritten: 0, succeeded: false)
        }
        do {
            let staging = try AtomicDirectory.staging(for: output)
            for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
                let url = staging.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url)
            }
            try AtomicDirectory.swap(staging, into: output)
        } catch {
            diagnostics.append(CookbookDiagnostic(file: output.path, message: "cannot write the site: \(error.localizedDescription)"))
            return BuildReport(check: check, diagnostics: diagnostics, filesWritten: 0, succeeded: false)
        }
        return BuildReport(check: check, diagnostics: diagnostics, filesWritten: files.count, succeeded: true)
    }
}
