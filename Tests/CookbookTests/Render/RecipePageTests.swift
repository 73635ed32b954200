import Foundation
import Testing
import Payloads
import NotificationSimulator
@testable import Cookbook
import Recipes
import ToolchainSupport

/// The recipe page and the recipe builder as values: the page renders from what the loader read
/// (no file I/O), and a golden file records what each real recipe's page and artifact hold
/// (`Fixtures/recipe-pages.txt`; set PUSHBOOK_UPDATE_GOLDEN=1 to rewrite it, then review the diff).
@Suite(.serialized) struct RecipePageTests {
    static let repository = ExampleViewTests.repository
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recipe-pages.txt")
    static let runner = ExampleRunner(entryPoints: RecipeRegistry.entryPoints)

    /// A copy of `id` under a fresh recipes folder, so a test may change or delete it.
    static func copy(_ id: String) throws -> (root: URL, folder: URL) {
        let root = TemporaryFolder.root.appendingPathComponent("pushbook-page-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let folder = root.appendingPathComponent(id, isDirectory: true)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Recipes/\(id)", isDirectory: true), to: folder)
        return (root, folder)
    }

    static func page(_ recipe: Recipe) -> RecipePage.Output {
        let results = RecipeBuilder(runner: runner).verify(recipe, update: false).results
        return RecipePage(recipe: recipe, results: Dictionary(uniqueKeysWithValues: results.map { ($0.example.id, $0) }),
                          previous: RecipeLink(id: "before", title: "Before"), next: nil).render()
    }

    /// On 0149a3f `RecipePage.render` read each `include` file, the Swift files, the app's property
    /// lists and the prose images itself; deleting the folder after loading changed the page.
    @Test("a page renders from what the loader read: deleting the recipe folder after loading and running changes nothing")
    func renderingReadsNoFile() throws {
        let (root, folder) = try Self.copy("communication-notification")
        defer { try? FileManager.default.removeItem(at: root) }
        let markdown = folder.appendingPathComponent("recipe.md")
        try (String(contentsOf: markdown, encoding: .utf8) + "\n![Mina](fixtures/avatar-mina.png)\n").write(to: markdown, atomically: true, encoding: .utf8)
        let recipe = try RecipeLoader(root: root, displayRoot: "Recipes").loadRecipe(id: "communication-notification", folder: folder)
        #expect(recipe.files.includes.count >= 3)
        #expect(!recipe.files.swiftFiles.isEmpty)
        #expect(recipe.files.app != nil)
        #expect(try recipe.files.images["fixtures/avatar-mina.png"]?.get().isEmpty == false)
        let results = RecipeBuilder(runner: Self.runner).verify(recipe, update: false).results
        let byID = Dictionary(uniqueKeysWithValues: results.map { ($0.example.id, $0) })
        let before = RecipePage(recipe: recipe, results: byID, previous: nil, next: nil).render()
        #expect(before.diagnostics.isEmpty)
        #expect(before.images == ["media/communication-notification/fixtures/avatar-mina.png": "fixtures/avatar-mina.png"])
        try FileManager.default.removeItem(at: folder)
        let after = RecipePage(recipe: recipe, results: byID, previous: nil, next: nil).render()
        #expect(after.html == before.html)
        #expect(after.downloads == before.downloads)
        #expect(after.search == before.search)
        #expect(after.diagnostics.isEmpty)
    }

    @Test("an include that names a missing file, a file outside the recipe or bytes that are not UTF-8 is an error at its block, decided by the loader")
    func includeProblems() throws {
        let (root, folder) = try Self.copy("fcm-image")
        defer { try? FileManager.default.removeItem(at: root) }
        try Data([0xFF, 0xFE]).write(to: folder.appendingPathComponent("binary.txt"))
        let markdown = folder.appendingPathComponent("recipe.md")
        try (String(contentsOf: markdown, encoding: .utf8) + "\n```include missing.swift\n```\n\n```include ../other/x.swift\n```\n\n```include binary.txt\n```\n")
            .write(to: markdown, atomically: true, encoding: .utf8)
        let recipe = try RecipeLoader(root: root, displayRoot: "Recipes").loadRecipe(id: "fcm-image", folder: folder)
        #expect(recipe.files.includes["missing.swift"] == .unreadable)
        #expect(recipe.files.includes["../other/x.swift"] == .outside)
        #expect(recipe.files.includes["binary.txt"] == .notUTF8)
        let messages = Self.page(recipe).diagnostics.map(\.message)
        #expect(messages.contains("cannot read 'missing.swift' (paths are relative to the recipe's folder)"))
        #expect(messages.contains("'../other/x.swift' is outside the recipe's folder"))
        #expect(messages.contains("'binary.txt' is not valid UTF-8 text"))
    }

    @Test("the index's load reads no page file; the worker's load reads them")
    func indexLoadIsLight() throws {
        let root = Self.repository.appendingPathComponent("Recipes", isDirectory: true)
        let loader = RecipeLoader(root: root, displayRoot: "Recipes")
        let light = try loader.loadRecipe(id: "fcm-image", folder: root.appendingPathComponent("fcm-image"), pageFiles: false)
        #expect(light.files == RecipeFiles())
        let full = try loader.loadRecipe(id: "fcm-image", folder: root.appendingPathComponent("fcm-image"))
        #expect(!full.files.swiftFiles.isEmpty && !full.files.includes.isEmpty)
    }

    @Test("every recipe's page and artifact match the golden file")
    func everyRecipeMatchesTheGoldenFile() throws {
        let root = Self.repository.appendingPathComponent("Recipes", isDirectory: true)
        let (recipes, problems) = RecipeLoader(root: root, displayRoot: "Recipes").load()
        #expect(problems.isEmpty)
        var lines: [String] = []
        for recipe in recipes {
            let page = Self.page(recipe)
            lines.append("# \(recipe.id)")
            lines.append("html \(page.html.utf8.count) bytes · \(page.html.components(separatedBy: "<section class=\"example\" id=").count - 1) example panels · diagnostics \(page.diagnostics.count)")
            for (path, text) in page.downloads.sorted(by: { $0.key < $1.key }) { lines.append("download \(path) \(text.utf8.count)") }
            for entry in page.search { lines.append("search \(entry.kind.rawValue) \(entry.url) · \(entry.section)") }
            let staging = TemporaryFolder.root.appendingPathComponent("pushbook-artifact-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: staging) }
            let artifact = RecipeBuilder(runner: Self.runner).build(recipe, previous: nil, next: nil, key: "k", staging: staging)
            lines.append("artifact passed \(artifact.passed) · examples \(artifact.examplesPassed)/\(artifact.examples) · files \(artifact.files.count) · rule examples \(artifact.ruleExamples.count) · card \(artifact.cardPreview.map { "\($0.title) / \($0.body)" } ?? "-")")
            for file in artifact.files { lines.append("file \(file)") }
            for diagnostic in artifact.diagnostics { lines.append("diagnostic \(diagnostic.rule) \(diagnostic.message)") }
            for example in artifact.ruleExamples { lines.append("rule \(example.rule) \(example.page)") }
        }
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["PUSHBOOK_UPDATE_GOLDEN"] == "1" {
            try text.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        let want = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(text == want, "\(TextDiff.unified(old: want, new: text, oldName: "recipe-pages.txt (golden)", newName: "recipe-pages.txt (now)"))")
    }
}
