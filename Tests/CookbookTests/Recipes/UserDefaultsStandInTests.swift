import Foundation
import Testing
@testable import NotificationSimulator
@testable import Cookbook
@testable import Recipes

/// The recipes' `UserDefaults` on Linux: Foundation's members, its documented coercions, and the
/// badge-count recipe's sequences that depend on what the app and its extension share.
@Suite("The recipes' UserDefaults on Linux")
struct UserDefaultsStandInTests {
    @Test("integer, double and bool coerce as Apple documents; string gives a number's text; absent keys give 0, false and nil")
    func coercionsFollowFoundation() throws {
        // Outside a simulation; other tests simulate on other threads at the same time.
        try SimulationContext.betweenRuns { try checkCoercions() }
    }

    private func checkCoercions() throws {
        let made = Recipes.UserDefaults(suiteName: "pushbook-stand-in-\(UUID().uuidString)")
        let defaults = try #require(made)
        defaults.set(true, forKey: "true")
        defaults.set(2.67, forKey: "float")
        defaults.set("123", forKey: "text")
        defaults.set("YES", forKey: "yes")
        defaults.set(["a", "b"], forKey: "strings")
        #expect(defaults.integer(forKey: "true") == 1)
        #expect(defaults.integer(forKey: "float") == 2)
        #expect(defaults.integer(forKey: "text") == 123)
        #expect(defaults.double(forKey: "text") == 123)
        #expect(defaults.bool(forKey: "yes") && defaults.bool(forKey: "true") && !defaults.bool(forKey: "text-absent"))
        #expect(defaults.string(forKey: "float") == "2.67")
        #expect(defaults.stringArray(forKey: "strings") == ["a", "b"])
        #expect(defaults.integer(forKey: "absent") == 0 && defaults.string(forKey: "absent") == nil)
        defaults.removeObject(forKey: "text")
        #expect(defaults.object(forKey: "text") == nil)
        let global = Recipes.UserDefaults(suiteName: "NSGlobalDomain")
        #expect(global == nil)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recipes", isDirectory: true)

    @Test("an example after one the user answered follows the answer: the count reset by the app's tap starts again at 1, and without the App Group the extension's own count goes on to 2")
    func answerOfAnEarlierExampleIsReplayed() throws {
        let recipe = try RecipeLoader(root: Self.root, displayRoot: "Recipes").loadRecipe(id: "badge-count", folder: Self.root.appendingPathComponent("badge-count", isDirectory: true))
        let runner = ExampleRunner(entryPoints: RecipeRegistry.entryPoints)
        for (id, badge) in [("message-3", 3), ("message-4", 1), ("no-app-group", 1), ("no-app-group-next", 2)] {
            let example = try #require(recipe.examples.first { $0.id == id })
            let record = try runner.run(example, of: recipe).record
            #expect(record.delivered?.badge == badge, "\(id)")
        }
    }
}
