@testable import Cookbook
import Foundation
import Testing

/// The record of loaded recipes beside the site (`.out.pushbook-recipes`, `RecipeRecord`): the
/// next build in another process takes an unchanged recipe from it instead of loading it again,
/// and only then: a changed recipe, a foreign tool or settings, a record of another build or a
/// damaged one make the build load from disk, and the site is then the one `--no-cache` makes.
///
/// To see which recipes came from the record, the tests rewrite it (with its digest) to claim
/// another title for an unchanged recipe: a build that takes the recipe from the record shows
/// that title. That the build believes such a consistent rewrite is the trust the stamp already
/// asks for an unchanged fingerprint (its recorded folder hash is believed the same way).
@Suite("Safety: the record of loaded recipes beside the site", .serialized)
struct RecipeRecordTests {
    /// A build of fcm-image and payload-pitfalls (copied more than the racy window ago) in this
    /// process, with a cache and a tool identity of its own.
    private struct Built {
        let w: HostileWorkspace
        let project: CookbookProject
        let options: CookbookProject.BuildOptions
        var target: String { SiteFolder.canonicalPath(w.out) }
        var recordPath: String { RecipeRecord.path(for: target) }

        /// Builds the site again and returns the report.
        func rebuild() -> CookbookProject.BuildReport { project.build(output: w.out, shownAs: "out", options: options) }

        /// The record beside the site, as this build's recipes folder reads it.
        func record() throws -> RecipeRecord {
            try #require(RecipeRecord.read(for: target, root: w.recipes, displayRoot: "recipes"))
        }

        /// Rewrites the record, with a valid digest, after `change`.
        func rewriteRecord(_ change: (inout RecipeRecord) -> Void) throws {
            var record = try record()
            change(&record)
            try record.write(for: target, root: w.recipes, displayRoot: "recipes")
        }

        /// The index page of the site.
        func index() throws -> String { try String(contentsOf: w.out.appendingPathComponent("index.html"), encoding: .utf8) }
    }

    private static let forged = "A title only the record claims"

    private func built(tool: String = "record-test") throws -> Built {
        let w = try HostileWorkspace()
        try w.addRecipe("payload-pitfalls")
        usleep(1_100_000)
        let cache = w.root.appendingPathComponent(".record-cache", isDirectory: true)
        let options = CookbookProject.BuildOptions(workerExecutable: CommandRunner.binary, workers: 2, cacheFolder: cache, toolStamp: tool)
        let project = CookbookProject(recipesFolder: w.recipes, displayRoot: "recipes", entryPoints: [:])
        let built = Built(w: w, project: project, options: options)
        let first = built.rebuild()
        try #require(first.succeeded, "\(first.diagnostics.map(\.text))")
        return built
    }

    /// Claims the forged title for payload-pitfalls in the record, then edits fcm-image so that the
    /// next build is not up to date (payload-pitfalls stays unchanged).
    private func forgeTitleAndEditOther(_ b: Built, also change: (inout RecipeRecord) -> Void = { _ in }) throws {
        try b.rewriteRecord { record in
            record.recipes["payload-pitfalls"]?.recipe.title = Self.forged
            change(&record)
        }
        _ = try b.w.appendProse("A paragraph added after the record was written.")
    }

    private func expectSameAsColdBuild(_ w: HostileWorkspace, _ comment: String) throws {
        let clean = try w.run(["build", "--recipes", "recipes", "--out", "clean", "--no-cache"])
        try #require(clean.status == 0, "\(clean.stderr)")
        let site = HostileWorkspace.snapshot(w.out), cold = HostileWorkspace.snapshot(w.root.appendingPathComponent("clean"))
        #expect(site == cold, "\(comment): differs from --no-cache in \(Set(site.keys).symmetricDifference(cold.keys).sorted().prefix(5)) or contents of \(site.keys.filter { site[$0] != cold[$0] }.sorted().prefix(5))")
        try FileManager.default.removeItem(at: w.root.appendingPathComponent("clean"))
    }

    @Test("a build without diagnostics writes the record beside the site (never inside it) with every recipe as loaded, and no partial file; a failed build leaves it")
    func cleanBuildWritesRecord() throws {
        let b = try built()
        defer { b.w.remove() }
        let record = try b.record()
        #expect(record.tool == "record-test")
        #expect(record.recipes.keys.sorted() == ["fcm-image", "payload-pitfalls"])
        let loaded = RecipeLoader(root: b.w.recipes, displayRoot: "recipes").load(pageFiles: false).recipes
        for var recipe in loaded {
            recipe.markdown = ""
            #expect(record.recipes[recipe.id]?.recipe == recipe, "\(recipe.id)")
        }
        #expect(!FileManager.default.fileExists(atPath: b.recordPath + ".partial"))
        #expect(!FileManager.default.fileExists(atPath: b.w.out.appendingPathComponent(".out.pushbook-recipes").path))
        #expect(HostileWorkspace.snapshot(b.w.out).keys.allSatisfy { !$0.contains("pushbook-recipes") })
        // A build with a diagnostic leaves the site, its stamp and the record as they were (they
        // still describe each other); the recipe it failed on is changed, so it is loaded again.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: b.recordPath))
        try b.w.replace("title:", with: "titel:", in: "recipe.md")
        #expect(!b.rebuild().succeeded)
        #expect(try Data(contentsOf: URL(fileURLWithPath: b.recordPath)) == bytes)
        try b.w.replace("titel:", with: "title:", in: "recipe.md")
        #expect(b.rebuild().succeeded)
        try expectSameAsColdBuild(b.w, "after a failed build")
    }

    @Test("an unchanged recipe is taken from the record another build wrote (not loaded again); --no-cache removes the record")
    func unchangedRecipeComesFromRecord() throws {
        let b = try built()
        defer { b.w.remove() }
        // The last build ran right after an edit (so its inputs' whole fingerprint is racy): its
        // record still vouches for the recipe that was not racy.
        _ = try b.w.appendProse("A paragraph added just before a build.")
        let racy = b.rebuild()
        try #require(racy.succeeded && racy.rebuilt == ["fcm-image"], "\(racy.rebuilt) \(racy.diagnostics.map(\.text))")
        #expect(try b.record().recipes.keys.sorted() == ["payload-pitfalls"], "the racy recipe is not recorded")
        try forgeTitleAndEditOther(b)
        let second = b.rebuild()
        #expect(second.succeeded && second.rebuilt == ["fcm-image"], "\(second.rebuilt) \(second.diagnostics.map(\.text))")
        #expect(try b.index().contains(Self.forged), "the unchanged recipe was loaded from disk, not taken from the record")
        let cold = try b.w.run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
        #expect(cold.status == 0, "\(cold.stderr)")
        #expect(!FileManager.default.fileExists(atPath: b.recordPath))
    }

    @Test("a recipe whose files changed since the record is loaded from disk, and the site equals --no-cache")
    func changedRecipeIsLoaded() throws {
        let b = try built()
        defer { b.w.remove() }
        try b.rewriteRecord { $0.recipes["payload-pitfalls"]?.recipe.title = Self.forged }
        let other = b.w.recipes.appendingPathComponent("payload-pitfalls/recipe.md")
        try (String(contentsOf: other, encoding: .utf8) + "\nA paragraph the record never saw.\n").write(to: other, atomically: false, encoding: .utf8)
        usleep(1_100_000)
        let second = b.rebuild()
        #expect(second.succeeded && second.rebuilt.contains("payload-pitfalls"), "\(second.rebuilt) \(second.diagnostics.map(\.text))")
        #expect(try !b.index().contains(Self.forged))
        try expectSameAsColdBuild(b.w, "a recipe changed since the record")
    }

    @Test("a record of another tool or other settings, one the stamp does not vouch for, or one edited without its digest, is ignored: the site equals --no-cache",
          arguments: ["tool", "settings", "stamp", "digest", "fingerprint"])
    func foreignOrDamagedRecordIsIgnored(kind: String) throws {
        let b = try built()
        defer { b.w.remove() }
        switch kind {
        case "tool": try forgeTitleAndEditOther(b) { $0.tool = "another tool" }
        case "settings": try forgeTitleAndEditOther(b) { $0.settings = BuildStamp.settings(recipes: "/elsewhere", displayRoot: "recipes", target: b.target) }
        case "stamp":
            // The stamp no longer vouches for the recipe (it records another fingerprint for it).
            try forgeTitleAndEditOther(b)
            let stampPath = BuildStamp.path(for: b.target)
            var stamp = try #require(BuildStamp.parse(Array(try Data(contentsOf: URL(fileURLWithPath: stampPath)))))
            stamp.recipes["payload-pitfalls"]?.inputs = "0-0"
            try stamp.write(for: b.target)
        case "fingerprint": try forgeTitleAndEditOther(b) { $0.recipes["payload-pitfalls"]?.inputs = "0-0" }
        default:
            // The record's bytes with the title changed in place (same length), its digest left as it was.
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: b.recordPath)))
            let title = Array(try b.record().recipes["payload-pitfalls"]!.recipe.title.utf8)
            let at = try #require(bytes.indices.first { bytes[$0...].starts(with: title) })
            bytes[at] = bytes[at] == UInt8(ascii: "X") ? UInt8(ascii: "Y") : UInt8(ascii: "X")
            try Data(bytes).write(to: URL(fileURLWithPath: b.recordPath))
            #expect(RecipeRecord.read(for: b.target, root: b.w.recipes, displayRoot: "recipes") == nil)
            _ = try b.w.appendProse("A paragraph added after the record was damaged.")
        }
        let second = b.rebuild()
        #expect(second.succeeded, "\(second.diagnostics.map(\.text))")
        #expect(try !b.index().contains(Self.forged), "\(kind): the record was used")
        try expectSameAsColdBuild(b.w, "a record with another \(kind)")
    }

    @Test("the record is replaced whole by each build: a build in a new tool ignores the old one and writes its own")
    func newToolWritesItsOwnRecord() throws {
        let b = try built()
        defer { b.w.remove() }
        _ = try b.w.appendProse("A paragraph for the new tool.")
        var options = b.options
        options.toolStamp = "record-test-2"
        let next = b.project.build(output: b.w.out, shownAs: "out", options: options)
        #expect(next.succeeded, "\(next.diagnostics.map(\.text))")
        #expect(try b.record().tool == "record-test-2")
        try expectSameAsColdBuild(b.w, "a new tool")
    }
}
