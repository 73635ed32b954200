import Foundation
import Testing
import Payloads
@testable import Cookbook

/// The parent's phases of a build that run beside the workers or on every core give what one
/// thread doing them in turn gave: the same recipes in the same order, the same findings in the
/// same order.
@Suite("Build phases run alongside the workers")
struct BuildPhasesTests {
    /// A copy of the cookbook's recipes in a new temporary folder.
    private static func copiedRecipes() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbook-phases-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let recipes = folder.appendingPathComponent("Recipes", isDirectory: true)
        try FileManager.default.copyItem(at: PasteIntoXcodeTests.root, to: recipes)
        return recipes
    }

    @Test("the availability check's findings, made while the workers run, come right after the load's, in recipe order")
    func availabilityFindingsKeepTheirPlace() throws {
        let recipes = try Self.copiedRecipes()
        defer { try? FileManager.default.removeItem(at: recipes.deletingLastPathComponent()) }
        // Two recipes whose code needs iOS 15, declared for iOS 12: each has findings.
        for id in ["communication-notification", "avatar-and-image"] {
            let file = recipes.appendingPathComponent("\(id)/recipe.md")
            let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "deploymentTarget: 15.0", with: "deploymentTarget: 12.0")
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let loaded = RecipeLoader(root: recipes, displayRoot: "Recipes").load(pageFiles: false)
        let expected = AvailabilityCheck.diagnostics(for: loaded.recipes)
        #expect(Set(expected.compactMap(\.file)).count == 2)
        #expect(loaded.diagnostics.isEmpty)

        let project = CookbookProject(recipesFolder: recipes, displayRoot: "Recipes", entryPoints: [:])
        let report = project.build(output: recipes.deletingLastPathComponent().appendingPathComponent("site", isDirectory: true))
        #expect(!report.succeeded)
        #expect(Array(report.diagnostics.prefix(expected.count)) == expected)
    }

    @Test("recipes load in index order with their problems in folder-name order, as one loop read them")
    func loadOrderIsKept() throws {
        let recipes = try Self.copiedRecipes()
        defer { try? FileManager.default.removeItem(at: recipes.deletingLastPathComponent()) }
        for (index, id) in ["local-notification", "fcm-image", "time-budget"].enumerated() {
            try Data("no front matter \(index)\n".utf8).write(to: recipes.appendingPathComponent("\(id)/recipe.md"))
        }
        let loaded = RecipeLoader(root: recipes, displayRoot: "Recipes").load()
        #expect(loaded.diagnostics.compactMap(\.file) == ["fcm-image", "local-notification", "time-budget"].map { "Recipes/\($0)/recipe.md" })
        let ids = loaded.recipes.map(\.id)
        #expect(ids.count == 17)
        #expect(ids == loaded.recipes.sorted { ($0.topic, $0.order, $0.id) < ($1.topic, $1.order, $1.id) }.map(\.id))
        #expect(ids == RecipeLoader(root: PasteIntoXcodeTests.root, displayRoot: "Recipes").load().recipes.map(\.id).filter { Set(ids).contains($0) })
    }
}
