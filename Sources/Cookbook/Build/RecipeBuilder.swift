import Foundation
import Payloads
import NotificationSimulator

/// Builds one recipe's artifact: runs and verifies every example, then renders the page.
struct RecipeBuilder: Sendable {
    /// The runner, with the recipe registry.
    var runner: ExampleRunner

    /// Runs and verifies `recipe`'s examples, renders its page with the given neighbours, and writes
    /// the page and its downloads under `staging` when everything passed; a file of `oldSite` (the
    /// site being replaced) that holds the same bytes is linked instead (`FileWriter.place`).
    func build(_ recipe: Recipe, previous: RecipeLink?, next: RecipeLink?, key: String, staging: URL, oldSite: String? = nil) -> RecipeArtifact {
        let results = verify(recipe, update: false).results
        var diagnostics: [Diagnostic] = []
        // One diagnostic per problem: a missing service fails every example with the same words.
        for result in results {
            if let found = result.verification.diagnostic(example: result.example.id, of: recipe), !diagnostics.contains(found) { diagnostics.append(found) }
        }
        let page = RecipePage(recipe: recipe, results: Dictionary(uniqueKeysWithValues: results.map { ($0.example.id, $0) }),
                              previous: previous, next: next).render()
        diagnostics += page.diagnostics
        let passedCount = results.filter { $0.verification.isPassed }.count
        let preview = results.lazy.compactMap { page.views[$0.example.id]?.cardNotification }.first
        var files: [String] = []
        if diagnostics.isEmpty && passedCount == results.count {
            let contents = [(RecipePage.path(of: recipe.id), page.html)] + page.downloads.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            do {
                for (path, text) in contents {
                    try FileWriter.place(Array(text.utf8), at: path, under: staging.path, linkingFrom: oldSite)
                    files.append(path)
                }
                for (path, source) in page.images.sorted(by: { $0.key < $1.key }) {
                    let bytes = try (recipe.files.images[source] ?? .failure(.missing(source))).get()
                    try FileWriter.place(bytes, at: path, under: staging.path, linkingFrom: oldSite)
                    files.append(path)
                }
            } catch {
                diagnostics.append(Diagnostic(file: recipe.markdownPath, breaking: .write, "cannot write the page of '\(recipe.id)': \(error.localizedDescription)"))
            }
        }
        let pageLinks = LinkChecker.links(in: page.html)
        var artifact = RecipeArtifact(id: recipe.id, key: key, passed: diagnostics.isEmpty && passedCount == results.count, diagnostics: diagnostics,
                                      examples: results.count, examplesPassed: passedCount, files: files,
                                      search: page.search, cardPreview: preview)
        artifact.ruleExamples = results.flatMap { result in
            Set(result.outcome?.record.diagnostics.map(\.rule) ?? []).sorted().map {
                RuleExample(rule: $0, page: RecipePage.path(of: recipe.id) + "#example-\(result.example.id)", recipe: recipe.title, example: result.example.id)
            }
        }
        artifact.links = [RecipePage.path(of: recipe.id): PageLinks(ids: pageLinks.ids.sorted(), hrefs: pageLinks.hrefs)]
        return artifact
    }

    /// Runs every example of `recipe` and compares it with `expected/` (the verify stage, `RecipeVerifier`).
    func verify(_ recipe: Recipe, update: Bool) -> (results: [ExampleResult], updated: [String]) {
        RecipeVerifier(runner: runner).verify(recipe, update: update)
    }

    /// Verifies `recipe` (rewriting expected files with `update`) and sums it up as statuses.
    func check(_ recipe: Recipe, update: Bool) -> RecipeArtifact {
        let outcome = verify(recipe, update: update)
        let statuses = outcome.results.map { ExampleStatus(example: $0.example.id, of: recipe, verification: $0.verification) }
        return RecipeArtifact(id: recipe.id, key: nil, passed: statuses.allSatisfy(\.isPassed), diagnostics: [],
                              examples: statuses.count, examplesPassed: statuses.filter(\.isPassed).count, files: [], search: [],
                              cardPreview: nil, statuses: statuses, updated: outcome.updated)
    }
}
