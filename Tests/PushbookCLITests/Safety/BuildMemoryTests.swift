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

    /// Build options as a watch's (workers, a cache, a memory) and the project of `w`'s recipes.
    private func watch(_ w: HostileWorkspace) -> (CookbookProject.BuildOptions, CookbookProject) {
        var options = CookbookProject.BuildOptions(workerExecutable: CommandRunner.binary, workers: 2,
                                                   cacheFolder: w.root.appendingPathComponent(".memory-cache", isDirectory: true), toolStamp: "memory-test")
        options.memory = BuildMemory()
        return (options, CookbookProject(recipesFolder: w.recipes, displayRoot: "recipes", entryPoints: [:]))
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

    @Test("a link from a recipe served from memory is checked again: an anchor removed from the recipe it links to is a broken link")
    func linksFromMemoryAreCheckedAgain() throws {
        let w = try workspace()
        defer { w.remove() }
        let (options, project) = watch(w)
        _ = try w.appendProse("## Memory anchor\n\nA heading another recipe links to.")
        let other = w.recipes.appendingPathComponent("payload-pitfalls/recipe.md")
        try (String(contentsOf: other, encoding: .utf8) + "\nSee [the anchor](fcm-image.html#memory-anchor).\n").write(to: other, atomically: false, encoding: .utf8)
        usleep(TestWindow.racy)
        let first = project.build(output: w.out, shownAs: "out", options: options)
        try #require(first.succeeded, "\(first.diagnostics.map(\.text))")

        try w.replace("## Memory anchor", with: "## Renamed anchor", in: "recipe.md")
        let second = project.build(output: w.out, shownAs: "out", options: options)
        #expect(!second.succeeded)
        #expect(second.diagnostics.contains { $0.file?.contains("payload-pitfalls") == true && $0.text.contains("memory-anchor") },
                "\(second.diagnostics.map(\.text))")
        // The failed build left the site as it was.
        #expect(try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8).contains("memory-anchor"))
    }

    @Test("a recipe served from memory had no availability finding; one whose target is lowered while the watch runs is checked again")
    func availabilityIsCheckedForWhatChanged() throws {
        let w = try workspace()
        defer { w.remove() }
        try w.addRecipe("local-notification")
        usleep(TestWindow.racy)
        let (options, project) = watch(w)
        let first = project.build(output: w.out, shownAs: "out", options: options)
        try #require(first.succeeded, "\(first.diagnostics.map(\.text))")

        let file = w.recipes.appendingPathComponent("local-notification/recipe.md")
        try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "deploymentTarget: 15.0", with: "deploymentTarget: 12.0")
            .write(to: file, atomically: false, encoding: .utf8)
        for attempt in 1...2 {
            let report = project.build(output: w.out, shownAs: "out", options: options)
            #expect(!report.succeeded, "build \(attempt)")
            #expect(report.diagnostics.contains { $0.rule == ToolRule.availability.id && $0.file?.hasPrefix("recipes/local-notification/") == true },
                    "build \(attempt): \(report.diagnostics.map(\.text))")
        }
    }

    @Test("a recipe with an availability finding is never stored: without a watch, the finding comes back on every build with the cache, and the cache hits are the other recipes")
    func availabilityFindingIsNeverCached() throws {
        let w = try workspace()
        defer { w.remove() }
        try w.addRecipe("local-notification")
        let file = w.recipes.appendingPathComponent("local-notification/recipe.md")
        try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "deploymentTarget: 15.0", with: "deploymentTarget: 12.0")
            .write(to: file, atomically: false, encoding: .utf8)
        usleep(TestWindow.racy)
        var (options, project) = watch(w)
        options.memory = nil
        for attempt in 1...3 {
            let report = project.build(output: w.out, shownAs: "out", options: options)
            #expect(!report.succeeded, "build \(attempt)")
            #expect(report.diagnostics.contains { $0.rule == ToolRule.availability.id && $0.file?.hasPrefix("recipes/local-notification/") == true },
                    "build \(attempt): \(report.diagnostics.map(\.text))")
            #expect(report.cached == (attempt == 1 ? 0 : 2), "build \(attempt)")
        }
        let entry = options.cacheFolder!.appendingPathComponent("local-notification/entry.json")
        #expect(!FileManager.default.fileExists(atPath: entry.path))
    }

    @Test("swapped is called once the new site is in place and before the old one is removed; the report build returns adds nothing")
    func swappedComesBeforeTheOldSiteGoes() throws {
        let w = try workspace()
        defer { w.remove() }
        let (watchOptions, project) = watch(w)
        var options = watchOptions
        try #require(project.build(output: w.out, shownAs: "out", options: options).succeeded)
        _ = try w.appendProse("A paragraph the status line may announce.")
        let seen = Locked([(rebuilt: [String], pageHasEdit: Bool, oldSiteThere: Bool)]())
        let page = w.out.appendingPathComponent("recipes/fcm-image.html")
        let root = w.root
        options.swapped = { report in
            let text = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
            seen.withLock { $0.append((report.rebuilt, text.contains("the status line may announce"), !HostileWorkspace.leftovers(in: root).isEmpty)) }
        }
        let report = project.build(output: w.out, shownAs: "out", options: options)
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics.map(\.text))")
        let calls = seen.current
        try #require(calls.count == 1)
        #expect(calls[0].rebuilt == ["fcm-image"] && calls[0].pageHasEdit && calls[0].oldSiteThere)
        #expect(w.leftovers().isEmpty, "\(w.leftovers())")
    }

    @Test("a watch's workers stay running for its next rebuild, which they build; one killed while idle is replaced without a failure; stopping them leaves none")
    func workersStayForTheNextRebuild() throws {
        let w = try workspace()
        defer { w.remove() }
        let (options, project) = watch(w)
        let first = project.build(output: w.out, shownAs: "out", options: options)
        try #require(first.succeeded, "\(first.diagnostics.map(\.text))")
        defer { options.memory?.stopWorkers() }
        let kept = try #require(options.memory?.workerProcesses)
        #expect(!kept.isEmpty && kept.allSatisfy { kill($0, 0) == 0 }, "\(kept)")

        try w.appendProse("A paragraph for the kept workers.")
        let second = project.build(output: w.out, shownAs: "out", options: options)
        #expect(second.succeeded && second.rebuilt == ["fcm-image"], "\(second.diagnostics.map(\.text))")
        #expect(Set(options.memory?.workerProcesses ?? []) == Set(kept), "a rebuild started a new worker")

        // Killed while idle: the next rebuild is not a crash of the recipe.
        for pid in kept { kill(pid, SIGKILL) }
        let deadline = Date().addingTimeInterval(5)
        while options.memory?.workerProcesses.isEmpty == false && Date() < deadline { usleep(10_000) }
        try w.appendProse("A paragraph after the workers were killed.")
        let third = project.build(output: w.out, shownAs: "out", options: options)
        #expect(third.succeeded && third.rebuilt == ["fcm-image"], "\(third.diagnostics.map(\.text))")
        let replaced = options.memory?.workerProcesses ?? []
        #expect(!replaced.isEmpty && Set(replaced).isDisjoint(with: kept), "\(replaced)")
        try w.expectSameAsColdBuild("rebuilds by kept workers")

        options.memory?.stopWorkers()
        #expect(options.memory?.workerProcesses.isEmpty == true)
        #expect(replaced.allSatisfy { kill($0, 0) != 0 }, "a stopped worker still runs")
        #expect(w.processesAfterExit().isEmpty)
    }
}
