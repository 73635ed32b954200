import Foundation
import Testing
import Payloads
import NotificationSimulator
import Recipes
@testable import Cookbook
import ToolchainSupport

/// Recipe examples run by a stock extension (`extension=firebase`) on another example's input
/// (`input=NAME`), and the fcm-image page's copy of the extension Firebase's guide has you write.
@Suite("Examples run by a stock extension")
struct StockExtensionExampleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A recipe folder with one example `photo` and the front matter's `examples:` items `items`.
    static func recipe(_ items: [String]) throws -> (root: URL, result: Result<Recipe, Diagnostic>) {
        let root = TemporaryFolder.root.appendingPathComponent("pushbook-stock-\(UUID().uuidString)", isDirectory: true)
        let folder = root.appendingPathComponent("r", isDirectory: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("examples"), withIntermediateDirectories: true)
        let front = "---\ntitle: T\nsummary: S\nservice: FCMImageService\nexamples:\n" + items.map { "  - \($0)\n" }.joined() + "---\nBody\n"
        try Data(front.utf8).write(to: folder.appendingPathComponent("recipe.md"))
        let push = #"{"aps": {"alert": "Hi", "mutable-content": 1}, "fcm_options": {"image": "https://cdn.example.com/i/1"}}"#
        try Data(push.utf8).write(to: folder.appendingPathComponent("examples/photo.json"))
        // One PNG, served as application/octet-stream at a URL without an extension.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]); png.append(Data(count: 500))
        try png.write(to: folder.appendingPathComponent("fixtures/raw"))
        try Data(#"{"https://cdn.example.com/i/1": {"file": "raw", "mimeType": "application/octet-stream", "latencyMilliseconds": 100}}"#.utf8)
            .write(to: folder.appendingPathComponent("fixtures/manifest.json"))
        let loader = RecipeLoader(root: root, displayRoot: "R")
        do {
            return (root, .success(try loader.loadRecipe(id: "r", folder: folder)))
        } catch {
            return (root, .failure(error))
        }
    }

    @Test("input=NAME runs another example's input under a name of its own, and extension=firebase runs Firebase's helper instead of the recipe's code")
    func inputAndExtensionOptions() throws {
        let (root, result) = try Self.recipe(["photo caption=The recipe.", "photo-firebase input=photo extension=firebase caption=The stock helper."])
        defer { try? FileManager.default.removeItem(at: root) }
        let recipe = try result.get()
        #expect(recipe.examples.map(\.id) == ["photo", "photo-firebase"])
        let stock = try #require(recipe.examples.last)
        #expect(stock.inputName == "photo" && stock.stockExtension == "firebase" && stock.caption == "The stock helper.")
        #expect(stock.input.lastPathComponent == "photo.json" && stock.expected.lastPathComponent == "photo-firebase.json")
        #expect(recipe.examples.first?.stockExtension == nil)

        // The same push, the same fixture: the recipe keeps the image, the stock helper loses it.
        let runner = ExampleRunner(entryPoints: RecipeRegistry.entryPoints)
        let kept = try runner.run(recipe.examples[0], of: recipe).record
        let lost = try runner.run(stock, of: recipe).record
        #expect(kept.delivered?.attachments.map { $0.type } == ["public.png"])
        #expect(lost.delivered?.attachments.isEmpty == true)
        #expect(lost.diagnostics.map { $0.rule }.contains("firebase.helper-logged-error"))
    }

    @Test("a bad input= or extension= is a recipe.example-list error on its line")
    func badOptionsAreErrors() throws {
        for (items, message) in [
            (["photo", "other input=missing"], "no R/r/examples/missing.json"),
            (["photo extension=onesignal"], "unknown extension 'onesignal'"),
            (["photo input=photo"], "may not have an input file"),
            (["photo", "Photo input=photo"], "would both write"),
        ] {
            let (root, result) = try Self.recipe(items)
            defer { try? FileManager.default.removeItem(at: root) }
            guard case .failure(let diagnostic) = result else {
                Issue.record("\(items) loaded")
                continue
            }
            #expect(diagnostic.rule == ToolRule.exampleList.id || diagnostic.rule == ToolRule.downloadCollision.id, "\(items)")
            #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        }
    }

    @Test("the extension the fcm-image page shows for Firebase's helper is the one extension=firebase runs, line for line")
    func pageShowsTheGuideExtensionThatRuns() throws {
        let page = try String(contentsOf: Self.packageRoot.appendingPathComponent("Recipes/fcm-image/recipe.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
        let shown = try #require(blocks.first { $0.contains("Messaging.serviceExtension()") })
        let model = try String(contentsOf: Self.packageRoot.appendingPathComponent("Sources/NotificationSimulator/Firebase/FirebaseGuideExtension.swift"), encoding: .utf8)
        /// The body of the class: code lines only, without doc comments, `public` and the class line.
        func body(_ text: String) -> [String] {
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let start = lines.firstIndex { $0.contains("class ") && $0.contains(": UNNotificationServiceExtension") } ?? 0
            return lines[(start + 1)...].filter { !$0.isEmpty && !$0.hasPrefix("//") }
                .map { $0.replacingOccurrences(of: "public ", with: "") }
        }
        #expect(body(shown) == body(model))
        #expect(body(shown).count > 10)
    }
}
