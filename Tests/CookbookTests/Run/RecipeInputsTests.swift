import Foundation
import Testing
import NotificationSimulator
@testable import Cookbook
import Recipes

/// What a recipe's examples share is read once per recipe, and every example still runs in its own app.
@Suite struct RecipeInputsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recipes", isDirectory: true)

    static func recipe(_ id: String) throws -> Recipe {
        try RecipeLoader(root: root, displayRoot: "Recipes").loadRecipe(id: id, folder: root.appendingPathComponent(id, isDirectory: true))
    }

    @Test("examples of one recipe with different app folders (or none) get the records they get when each runs alone",
          arguments: ["payload-pitfalls", "communication-notification", "local-notification"])
    func sharedInputsGiveTheRecordsOfSeparateRuns(id: String) throws {
        let recipe = try Self.recipe(id)
        #expect(Set(recipe.examples.map { $0.appFolder ?? recipe.appFolder ?? "" }).count > 1)
        let runner = ExampleRunner(entryPoints: RecipeRegistry.entryPoints)
        let results = RecipeVerifier(runner: runner).verify(recipe, update: false).results
        #expect(results.count == recipe.examples.count)
        for (example, result) in zip(recipe.examples, results) {
            let alone = try runner.run(example, of: recipe)
            let shared = try #require(result.outcome, "\(example.id)")
            #expect(shared.record.text == alone.record.text, "\(example.id)")
            #expect(shared.app == alone.app, "\(example.id)")
        }
    }
}
