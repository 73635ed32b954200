import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Two builds into one `--out` run one after the other, and a build stopped by SIGINT or SIGTERM
/// removes its staging folder, stops its workers and releases the lock.
@Suite("Safety: concurrent and interrupted builds", .serialized)
struct ConcurrentBuildTests {
    /// A workspace with three copies of fcm-image (so a build takes a little while), a second
    /// recipes folder whose build fails, and two versions of the recipes' prose.
    private func workspace() throws -> (HostileWorkspace, versions: [String]) {
        let w = try HostileWorkspace()
        for copy in ["fcm-image-2", "fcm-image-3"] {
            try FileManager.default.copyItem(at: w.recipe, to: w.recipes.appendingPathComponent(copy))
        }
        let broken = w.root.appendingPathComponent("broken/fcm-image")
        try FileManager.default.createDirectory(at: broken.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: w.recipe, to: broken)
        try "{\"aps\": {\"alert\": \"this record differs from expected/\"}}".write(to: broken.appendingPathComponent("examples/webp-image.json"), atomically: true, encoding: .utf8)
        let original = try w.read("recipe.md")
        return (w, [original + "\nThis is version A.\n", original + "\nThis is version B, which differs.\n"])
    }

    @Test("a passing and a failing build started into one --out while its lock is held both wait for it, then take turns: out/ is the passing one's whole site, and each says what happened",
          arguments: [false, true])
    func twoBuildsIntoOneOut(failingFirst: Bool) throws {
        let (w, versions) = try workspace()
        defer { w.remove() }
        let reference = try w.referenceSites(versions)
        let target = failingFirst ? 0 : 1
        try w.write("recipe.md", versions[target])
        // The lock is held here, as a build in progress holds it, while both start.
        let lock = open(w.root.appendingPathComponent(".out.pushbook-lock").path, O_RDWR | O_CLOEXEC)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let passingArguments = ["build", "--recipes", "recipes", "--out", "out", "--no-cache"]
        let failingArguments = ["build", "--recipes", "broken", "--out", "out", "--no-cache"]
        let first = try w.start(failingFirst ? failingArguments : passingArguments)
        let second = try w.start(failingFirst ? passingArguments : failingArguments)
        usleep(500_000)
        #expect(HostileWorkspace.snapshot(w.out) == reference[1], "a build changed out/ while another held its lock")
        close(lock)
        let (firstRun, secondRun) = (first.finish(), second.finish())
        let (passing, failing) = failingFirst ? (secondRun, firstRun) : (firstRun, secondRun)
        for run in [passing, failing] {
            #expect(run.stderr.contains("waiting for another build into 'out' to finish"), "\(run.stderr)")
        }
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout.contains("built 'out': 3 recipes"), "\(passing.stdout)")
        #expect(failing.status == 1, "\(failing.stderr)")
        #expect(failing.stderr.contains("build failed: 'out' was left as it was"), "\(failing.stderr)")
        #expect(HostileWorkspace.snapshot(w.out) == reference[target], "out/ is not the passing build's site")
        #expect(w.leftovers().isEmpty, "\(w.describeLeftovers())")
    }

    @Test("two passing builds of different recipes into one --out at once leave one whole site or the other", arguments: [0, 30_000, 80_000])
    func twoPassingBuilds(delay: UInt32) throws {
        let (w, versions) = try workspace()
        defer { w.remove() }
        let other = w.root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: w.recipe, to: other.appendingPathComponent("fcm-image"))
        try w.write("recipe.md", versions[0])
        try #require(try w.run(["build", "--recipes", "other", "--out", "out", "--no-cache"]).status == 0)
        let small = HostileWorkspace.snapshot(w.out)
        try #require(try w.build().status == 0)
        let large = HostileWorkspace.snapshot(w.out)
        let a = try w.start(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
        usleep(delay)
        let b = try w.start(["build", "--recipes", "other", "--out", "out", "--no-cache"])
        let (ra, rb) = (a.finish(), b.finish())
        #expect(ra.status == 0 && rb.status == 0, "\(ra.stderr)\n\(rb.stderr)")
        let site = HostileWorkspace.snapshot(w.out)
        #expect(site == small || site == large)
    }

    /// Starts a build, waits `delay` microseconds, sends `signal`; returns what happened and whether
    /// the signal landed before the build finished.
    private func buildAndSignal(_ w: HostileWorkspace, _ number: Int32, after delay: UInt32, jobs: Int = 2) throws -> (HostileWorkspace.Run, Bool) {
        let pending = try w.start(["build", "--recipes", "recipes", "--out", "out", "--no-cache", "--jobs", String(jobs)])
        usleep(delay)
        kill(pending.process.processIdentifier, number)
        let run = pending.finish()
        return (run, pending.process.terminationReason == .uncaughtSignal || run.status == 128 + number)
    }

    @Test("SIGINT and SIGTERM during a build remove the staging folder, stop the workers, release the lock and keep the old site",
          arguments: [SIGINT, SIGTERM])
    func signalsCleanUp(number: Int32) throws {
        let (w, versions) = try workspace()
        defer { w.remove() }
        let old = try w.builtSite(versions[0], thenWriting: versions[1])
        var interrupted = 0
        for delay in stride(from: UInt32(20_000), through: 140_000, by: 20_000) {
            let (run, landed) = try buildAndSignal(w, number, after: delay)
            // The build kills its workers and waits for them; any it missed end with it.
            let survivors = w.processesAfterExit()
            #expect(w.leftovers().isEmpty, "after a signal at \(delay / 1000) ms: \(w.describeLeftovers())")
            #expect(survivors.isEmpty, "workers still running after a signal at \(delay / 1000) ms: \(survivors)")
            let site = HostileWorkspace.snapshot(w.out)
            if landed {
                interrupted += 1
                #expect(site == old, "an interrupted build changed out/")
                #expect(run.stderr.contains("build interrupted: 'out' was left as it was") || site == old, "\(run.stderr)")
            }
            // The lock was released: a build now runs without waiting.
            let next = try w.run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
            #expect(next.status == 0 && !next.stderr.contains("waiting"), "\(next.stderr)")
            try w.write("recipe.md", versions[0])
            #expect(try w.build().status == 0)
            try w.write("recipe.md", versions[1])
        }
        #expect(interrupted > 0, "no signal landed before a build ended")
    }

    @Test("a SIGINT or SIGTERM sent as the build starts, by a parent whose thread blocks it (as Swift's threads do), is not lost: the build ends by it and out/ is the old site",
          arguments: [SIGINT, SIGTERM])
    func signalAtStartIsKept(number: Int32) throws {
        let (w, versions) = try workspace()
        defer { w.remove() }
        let old = try w.builtSite(versions[0], thenWriting: versions[1])
        // A started process inherits the signal mask of the thread that starts it.
        var blocked = sigset_t(), saved = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, number)
        pthread_sigmask(SIG_BLOCK, &blocked, &saved)
        let pending = try w.start(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
        pthread_sigmask(SIG_SETMASK, &saved, nil)
        kill(pending.process.processIdentifier, number)
        let run = pending.finish()
        #expect(pending.process.terminationReason == .uncaughtSignal && pending.process.terminationStatus == number,
                "the build did not end by the signal (status \(run.status)): \(run.stdout) \(run.stderr)")
        #expect(HostileWorkspace.snapshot(w.out) == old, "an interrupted build changed out/")
        let survivors = w.processesAfterExit()
        #expect(survivors.isEmpty, "workers still running: \(survivors)")
        #expect(w.leftovers().isEmpty, "\(w.describeLeftovers())")
    }
}
