import Cookbook
import Foundation
import NotificationSimulator
import Testing

/// A build's progress reports come one at a time and in order, however its workers finish.
@Suite("Build progress")
struct BuildProgressTests {
    /// What the progress closure saw: how many calls ran at once, at most, and the counts reported, in order.
    private struct Calls {
        var running = 0
        var mostAtOnce = 0
        var done: [Int] = []
    }

    @Test("progress is reported one recipe at a time, in order of recipes done, with several workers (WorkerPool calls it outside its lock)")
    func progressIsSerialAndOrdered() throws {
        let recipes = CommandRunner.packageRoot.appendingPathComponent("Recipes")
        let calls = Locked(Calls())
        // Each call takes a while, so a worker that finishes meanwhile would report during it.
        let options = CookbookProject.BuildOptions(workerExecutable: CommandRunner.binary, workers: 4, progress: { done, _, _ in
            calls.withLock { $0.running += 1; $0.mostAtOnce = max($0.mostAtOnce, $0.running) }
            usleep(300_000)
            calls.withLock { $0.running -= 1; $0.done.append(done) }
        })
        let project = CookbookProject(recipesFolder: recipes, displayRoot: "Recipes", entryPoints: [:])
        let report = project.check(options: options)
        let seen = calls.current
        #expect(report.passed)
        #expect(seen.mostAtOnce == 1, "progress ran \(seen.mostAtOnce) calls at once")
        #expect(seen.done == Array(1...report.recipes.count), "\(seen.done)")
    }
}
