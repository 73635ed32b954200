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
    private func buildAndKill(_ w: HostileWorkspace, afterMilliseconds delay: Int) throws -> Bool {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["build", "--recipes", "recipes", "--out", "out", "--no-cache"]
        process.currentDirectoryURL = w.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if delay > 0 { usleep(useconds_t(delay * 1000)) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    /// Leftovers of interrupted builds next to `out/` (staging or set-aside folders).
    private func leftovers(_ w: HostileWorkspace) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: w.root.path)) ?? []).filter { $0.hasPrefix(".out.") && !$0.hasSuffix(".pushbook-lock") }.sorted()
    }

    @Test("a build killed with SIGKILL at any moment leaves the previous site or the new one, byte for byte; the next build succeeds and removes the leftovers")
    func killedBuildLeavesAWholeSite() throws {
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
            if try buildAndKill(w, afterMilliseconds: delay) {
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
            sawLeftovers = sawLeftovers || !leftovers(w).isEmpty
            delay += 5
        }
        #expect(interrupted > 0, "no kill landed before a build ended")

        // A build after all that succeeds, gives the expected site and cleans up what the kills left.
        let target = 1 - current
        try w.write("recipe.md", versions[target])
        let final = try w.build()
        #expect(final.status == 0, "\(final.stderr)")
        #expect(HostileWorkspace.snapshot(w.out) == reference[target])
        #expect(leftovers(w).isEmpty, "left after a successful build: \(leftovers(w))")
        print("interrupted-build test: kills from 0 to \(delay - 5) ms, \(interrupted) interrupted, \(completed) completed first, leftovers seen: \(sawLeftovers)")
    }
}
