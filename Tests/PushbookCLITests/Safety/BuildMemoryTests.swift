import Cookbook
import Foundation
import NotificationSimulator
import Testing
import ToolchainSupport

/// What a watch keeps between its rebuilds (`BuildOptions.memory`): unchanged recipes and their
/// checked cache entries come from memory, while the disk stays the truth: a recipe changed
/// behind the watch's back is read again, and the site always equals a `--no-cache` build.
@Suite("Safety: a watch's memory of the last build", .serialized)
struct BuildMemoryTests {
    /// fcm-image and payload-pitfalls, copied more than the racy window ago.
    private func workspace() throws -> HostileWorkspace {
        let w = try HostileWorkspace()
        try w.addRecipe("payload-pitfalls")
        usleep(TestWindow.racy)
        return w
    }

    @Test("an unchanged recipe comes from memory (its cache entry deleted meanwhile), an edited one and one changed behind the watch's back are read again, and the site equals --no-cache")
    func memoryServesOnlyWhatIsUnchanged() throws {
        let w = try workspace()
        defer { w.remove() }
        let cache = w.root.appendingPathComponent(".memory-cache", isDirectory: true)
        var options = CookbookProject.BuildOptions(workerExecutable: CommandRunner.binary, workers: 2, cacheFolder: cache, toolStamp: "memory-test")
        options.memory = BuildMemory()
        let project = CookbookProject(recipesFolder: w.recipes, displayRoot: "recipes", entryPoints: [:])
        let first = project.build(output: w.out, shownAs: "out", options: options)
        try #require(first.succeeded, "\(first.diagnostics.map(\.text))")
        #expect(first.rebuilt.sorted() == ["fcm-image", "payload-pitfalls"])

        // The unchanged recipe's entry is gone from the disk: only the memory can serve it.
        try FileManager.default.removeItem(at: cache.appendingPathComponent("payload-pitfalls"))
        try w.appendProse("A paragraph added while the watch runs.")
        let second = project.build(output: w.out, shownAs: "out", options: options)
        #expect(second.succeeded && second.rebuilt == ["fcm-image"], "\(second.rebuilt) \(second.diagnostics.map(\.text))")
        #expect(try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8).contains("A paragraph added while"))
        let leftovers = w.leftovers()
        #expect(leftovers.isEmpty, "\(leftovers)")
        try w.expectSameAsColdBuild("one edit served from memory")

        // Changed behind the watch's back, and old enough that its time stamps vouch for it: read again.
        let other = w.recipes.appendingPathComponent("payload-pitfalls/recipe.md")
        try (String(contentsOf: other, encoding: .utf8) + "\nChanged behind the watch's back.\n").write(to: other, atomically: false, encoding: .utf8)
        usleep(TestWindow.racy)
        let third = project.build(output: w.out, shownAs: "out", options: options)
        #expect(third.succeeded && third.rebuilt == ["payload-pitfalls"], "\(third.rebuilt) \(third.diagnostics.map(\.text))")
        #expect(try String(contentsOf: w.out.appendingPathComponent("recipes/payload-pitfalls.html"), encoding: .utf8).contains("Changed behind the watch"))
        try w.expectSameAsColdBuild("a change behind the watch's back")
    }
}
