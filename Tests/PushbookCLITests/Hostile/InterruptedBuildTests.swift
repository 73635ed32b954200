import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` during `pushbook build` must leave `--out` whole: the previous site or the new one.
@Suite("Interrupted builds", .serialized)
struct InterruptedBuildTests {
    /// Runs a build of the workspace that kills itself with SIGKILL at `point` (`PUSHBOOK_TEST_KILL_AT`);
    /// returns true when it was killed.
    private func build(_ w: HostileWorkspace, killedAt point: String, cached: Bool) throws -> Bool {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["build", "--recipes", "recipes", "--out", "out"] + (cached ? [] : ["--no-cache"])
        process.currentDirectoryURL = w.root
        process.environment = ProcessInfo.processInfo.environment.merging(["PUSHBOOK_TEST_KILL_AT": point]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// The named points a build is killed at, in the order a build reaches them.
    static let points = ["locked", "recipesStaged", "pagesWritten", "beforeSwap", "afterSwap", "removing", "keepingFolders"]

    @Test("a build killed with SIGKILL at each named point leaves the previous site or the new one, byte for byte, and no worker; the next build succeeds and removes the leftovers",
          arguments: [false, true])
    func killedBuildLeavesAWholeSite(cached: Bool) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let original = try w.read("recipe.md")
        let versions = [original + "\nThis is the site of version A.\n", original + "\nThis is the site of version B, which differs.\n"]

        // Reference sites: version A, then version B, which out/ now holds.
        let reference = try w.referenceSites(versions)
        try #require(reference[0] != reference[1])
        var current = 1, sawLeftovers = false
        for point in Self.points {
            // Each build switches out/ to the other version, and dies at `point`.
            let target = 1 - current
            try w.write("recipe.md", versions[target])
            #expect(try build(w, killedAt: point, cached: cached), "the build did not reach '\(point)'")
            let site = HostileWorkspace.snapshot(w.out)
            // Removing is the last build's leftovers (before its swap) or this one's old site (after it): either site.
            let expected = point == "removing" ? [reference[0], reference[1]] : [["afterSwap", "keepingFolders"].contains(point) ? reference[target] : reference[current]]
            #expect(expected.contains(site), "after a kill at '\(point)', out/ is not the site it should be: \(site.count) entries")
            if site == reference[target] { current = target }
            sawLeftovers = sawLeftovers || !w.leftovers().isEmpty
            let survivors = w.processesAfterExit()
            #expect(survivors.isEmpty, "after a kill at '\(point)', the killed build's workers still run: \(survivors)")
        }
        #expect(sawLeftovers, "no kill left a staging or old site behind for the next build to remove")

        // A build after all that succeeds, gives the expected site and cleans up what the kills left.
        let target = 1 - current
        try w.write("recipe.md", versions[target])
        let final = try w.run(["build", "--recipes", "recipes", "--out", "out"] + (cached ? [] : ["--no-cache"]))
        #expect(final.status == 0, "\(final.stderr)")
        #expect(HostileWorkspace.snapshot(w.out) == reference[target])
        #expect(w.leftovers().isEmpty, "left after a successful build: \(w.describeLeftovers())")
    }

    @Test("a build killed just before its swap, its staging folder made of kept folders that no file needs now (a recipe deleted), leaves a leftover the next build removes")
    func killBeforeSwapWithFoldersOfADeletedRecipe() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.addRecipe("payload-pitfalls")
        let original = try w.read("recipe.md")
        for text in [original, original + "\nA second version.\n"] {
            try w.write("recipe.md", text)
            try #require(try w.run(["build", "--recipes", "recipes", "--out", "out"]).status == 0)
        }
        try #require(FileManager.default.fileExists(atPath: w.root.appendingPathComponent(".out.pushbook-folders/downloads/payload-pitfalls").path))
        try FileManager.default.removeItem(at: w.root.appendingPathComponent("recipes/payload-pitfalls"))
        #expect(try build(w, killedAt: "beforeSwap", cached: true), "the build did not reach 'beforeSwap'")
        let final = try w.run(["build", "--recipes", "recipes", "--out", "out"])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(w.leftovers().isEmpty, "left beside out/: \(w.describeLeftovers())")
        #expect(!FileManager.default.fileExists(atPath: w.out.appendingPathComponent("downloads/payload-pitfalls").path))
    }

    @Test("a build killed with SIGKILL while a worker is in the middle of a recipe leaves no worker running, and the next build leaves nothing beside out/")
    func killedBuildTakesItsWorkers() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        // The recipe's code hangs: each example holds the worker for the simulator's two seconds.
        try w.replace("service: FCMImageService", with: "service: PushbookHangService", in: "recipe.md")
        let pending = try w.start(["build", "--recipes", "recipes", "--out", "out", "--no-cache"], binary: CommandRunner.testHost)
        var workers: [String] = []
        for _ in 0..<1_000 where workers.isEmpty && pending.process.isRunning {
            usleep(20_000)
            workers = w.processes().filter { $0.hasSuffix(" worker ") }
        }
        try #require(!workers.isEmpty, "no worker started")
        usleep(300_000)
        kill(pending.process.processIdentifier, SIGKILL)
        _ = pending.finish()
        #expect(pending.process.terminationReason == .uncaughtSignal, "the build ended before the kill")
        // The build has exited; its workers get SIGKILL from the system as it ends. Were they left
        // running, they would go on with the recipe for several seconds (writing into the staging folder).
        let survivors = w.processesAfterExit(waitingAtMost: 5)
        #expect(survivors.isEmpty, "the killed build's workers still run: \(survivors)")
        try w.replace("service: PushbookHangService", with: "service: FCMImageService", in: "recipe.md")
        let next = try w.build()
        #expect(next.status == 0, "\(next.stderr)")
        #expect(w.leftovers().isEmpty, "left beside out/: \(w.describeLeftovers())")
    }

    @Test("a staging folder left by a build killed while writing its manifest (empty, or the start of it) is removed by the next build; one whose manifest is anything else stays")
    func killedWhileMakingStaging() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let contents = ["": "4000001", "pushbook stag": "4000002", "my notes\n": "4000003"]
        for (text, pid) in contents {
            try w.writeOutside(".out.staging-\(pid)/.pushbook-manifest", text)
        }
        let run = try w.build()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(w.leftovers() == [".out.staging-4000003"], "\(w.describeLeftovers())")
        #expect(try String(contentsOf: w.root.appendingPathComponent(".out.staging-4000003/.pushbook-manifest"), encoding: .utf8) == "my notes\n")
    }
}
