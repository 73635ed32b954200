import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` during `pushbook build` must leave `--out` whole: the previous site or the new one.
@Suite("Interrupted builds", .serialized)
struct InterruptedBuildTests {
    /// Starts a build of the workspace and kills it with SIGKILL after `delay` milliseconds;
    /// returns true when the kill landed before the build ended on its own.
    /// With `cached`, the build uses the cache (and so the stamp and the spare site).
    private func buildAndKill(_ w: HostileWorkspace, afterMilliseconds delay: Int, cached: Bool) throws -> Bool {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["build", "--recipes", "recipes", "--out", "out"] + (cached ? [] : ["--no-cache"])
        process.currentDirectoryURL = w.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if delay > 0 { usleep(useconds_t(delay * 1000)) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    @Test("a build killed with SIGKILL at any moment leaves the previous site or the new one, byte for byte; the next build succeeds and removes the leftovers (with the cache: staging into the spare site too)",
          arguments: [false, true])
    func killedBuildLeavesAWholeSite(cached: Bool) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let original = try w.read("recipe.md")
        let versions = [original + "\nThis is the site of version A.\n", original + "\nThis is the site of version B, which differs.\n"]

        // Reference sites: version A, then version B, which out/ now holds.
        var reference: [[String: Data]] = []
        for text in versions {
            try w.write("recipe.md", text)
            let run = try w.build()
            try #require(run.status == 0, "\(run.stderr)")
            reference.append(HostileWorkspace.snapshot(w.out))
        }
        try #require(reference[0] != reference[1])
        var current = 1

        // Kill points every 5 ms from 0, until three builds in a row finish before their kill: the
        // whole length of a build, however long it takes on this machine, including its end, where
        // the site is written and swapped in. Each build switches out/ to the other version.
        var delay = 0, interrupted = 0, completed = 0, finishedInARow = 0, sawLeftovers = false
        while finishedInARow < 3 && interrupted + completed < 400 {
            let target = 1 - current
            try w.write("recipe.md", versions[target])
            if try buildAndKill(w, afterMilliseconds: delay, cached: cached) {
                interrupted += 1
                finishedInARow = 0
            } else {
                completed += 1
                finishedInARow += 1
            }
            let site = HostileWorkspace.snapshot(w.out)
            let whole = site == reference[0] || site == reference[1]
            #expect(whole, "after a kill at \(delay) ms, out/ is neither site: \(site.isEmpty ? "missing or empty" : "\(site.count) entries, differing from both")")
            guard whole else { return }
            if site == reference[target] { current = target }
            sawLeftovers = sawLeftovers || !w.leftovers().isEmpty
            // The workers end with the killed build, so none writes into the staging folder that
            // the next build removes as a leftover.
            let survivors = w.processesAfterExit()
            #expect(survivors.isEmpty, "after a kill at \(delay) ms, the killed build's workers still run: \(survivors)")
            delay += 5
        }
        #expect(interrupted > 0, "no kill landed before a build ended")

        // A build after all that succeeds, gives the expected site and cleans up what the kills left.
        let target = 1 - current
        try w.write("recipe.md", versions[target])
        let final = try w.run(["build", "--recipes", "recipes", "--out", "out"] + (cached ? [] : ["--no-cache"]))
        #expect(final.status == 0, "\(final.stderr)")
        #expect(HostileWorkspace.snapshot(w.out) == reference[target])
        #expect(w.leftovers().isEmpty, "left after a successful build: \(w.describeLeftovers())")
        print("interrupted-build test (\(cached ? "cached" : "--no-cache")): kills from 0 to \(delay - 5) ms, \(interrupted) interrupted, \(completed) completed first, leftovers seen: \(sawLeftovers)")
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
