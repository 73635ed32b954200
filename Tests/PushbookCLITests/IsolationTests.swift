import Foundation
import Testing

/// A recipe whose code traps is that recipe's failure, in every way it can be run:
/// with other recipes, alone (`check ID`), or as the only recipe not in the cache. The trapping
/// service exists only in `pushbook-test-host`, never in the shipped tool.
@Suite("Recipes run in isolation", .serialized)
struct IsolationTests {
    /// A copy of fcm-image and a copy of it whose service traps (`zz-trap`).
    private func recipesWithTrap() throws -> URL {
        let root = try CommandRunner.copyRecipe("fcm-image")
        let trap = root.appendingPathComponent("zz-trap")
        try FileManager.default.copyItem(at: root.appendingPathComponent("fcm-image"), to: trap)
        let markdown = trap.appendingPathComponent("recipe.md")
        let text = try String(contentsOf: markdown, encoding: .utf8)
        try text.replacingOccurrences(of: "service: FCMImageService", with: "service: PushbookTrapService").write(to: markdown, atomically: true, encoding: .utf8)
        return root
    }

    private let crashed = "zz-trap/recipe.md:1:1: error: the recipe's code crashed its worker process (signal 4: "

    @Test("a recipe whose code traps fails alone: build reports it in one line, verifies the others, and leaves no site")
    func trappingRecipeFailsAlone() throws {
        let root = try recipesWithTrap()
        defer { CommandRunner.removeCopy(root) }
        let out = CommandRunner.siteFolder(beside: root)
        let result = try CommandRunner.run(["build", "--recipes", root.path, "--out", out.path, "--no-cache", "--jobs", "2"], executable: CommandRunner.testHost)
        #expect(result.status == 1)
        #expect(result.stderr.contains(crashed), "\(result.stderr)")
        #expect(result.stderr.contains("Fatal error: Index out of range"), "the one-line reason: \(result.stderr)")
        #expect(!result.stderr.contains("fcm-image/"), "the healthy recipe passed: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("check reports a trapping recipe as that recipe's failure and still verifies the others")
    func checkIsolatesCrashes() throws {
        let root = try recipesWithTrap()
        defer { CommandRunner.removeCopy(root) }
        let result = try CommandRunner.run(["check", "--recipes", root.path], executable: CommandRunner.testHost)
        #expect(result.status == 1)
        #expect(result.stdout.contains("15 passed, 1 failed"), "\(result.stdout)")
        #expect(result.stderr.contains(crashed), "\(result.stderr)")
    }

    @Test("check ID of the trapping recipe alone fails with exit 1 and its name, not a crash of pushbook itself")
    func checkOneTrappingRecipe() throws {
        let root = try recipesWithTrap()
        defer { CommandRunner.removeCopy(root) }
        let result = try CommandRunner.run(["check", "--recipes", root.path, "zz-trap"], executable: CommandRunner.testHost, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(crashed), "\(result.stderr)")
        #expect(result.stdout.contains("0 passed, 1 failed"), "\(result.stdout)")
    }

    @Test("build with every other recipe cached fails with exit 1, names the recipe, and leaves no staging folder")
    func buildWithOthersCached() throws {
        let root = try recipesWithTrap()
        defer { CommandRunner.removeCopy(root) }
        let work = root.deletingLastPathComponent()
        let trap = root.appendingPathComponent("zz-trap")
        try FileManager.default.moveItem(at: trap, to: work.appendingPathComponent("zz-trap-aside"))
        let first = try CommandRunner.run(["build", "--recipes", "recipes", "--out", "out"], in: work, executable: CommandRunner.testHost)
        try #require(first.status == 0, "\(first.stderr)")
        try FileManager.default.moveItem(at: work.appendingPathComponent("zz-trap-aside"), to: trap)
        let result = try CommandRunner.run(["build", "--recipes", "recipes", "--out", "out"], in: work, executable: CommandRunner.testHost,
                                           environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(crashed), "\(result.stderr)")
        #expect(result.stderr.contains("build failed: 'out' was left as it was"))
        let leftovers = HostileWorkspace.leftovers(in: work)
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a crash prints one line without --verbose, and the worker's backtrace with it")
    func backtraceOnlyWhenVerbose() throws {
        let root = try recipesWithTrap()
        defer { CommandRunner.removeCopy(root) }
        let quiet = try CommandRunner.run(["check", "--recipes", root.path, "zz-trap"], executable: CommandRunner.testHost)
        #expect(!quiet.stderr.contains("Thread 0") && !quiet.stderr.contains("Backtrace") && !quiet.stderr.contains("the worker's output"), "\(quiet.stderr)")
        #expect(quiet.stderr.split(separator: "\n").count <= 2, "\(quiet.stderr)")
        let verbose = try CommandRunner.run(["check", "--recipes", root.path, "--verbose", "zz-trap"], executable: CommandRunner.testHost)
        #expect(verbose.status == 1)
        #expect(verbose.stderr.contains("the worker's output:"), "\(verbose.stderr.prefix(2000))")
        #expect(verbose.stderr.contains("TrapService.swift") || verbose.stderr.contains("PushbookTrapService"), "a backtrace names the trapping code: \(verbose.stderr.prefix(3000))")
    }

    @Test("the shipped pushbook does not contain the test-only trapping service")
    func shippedToolHasNoTestCode() throws {
        let root = try recipesWithTrap()
        defer { CommandRunner.removeCopy(root) }
        let result = try CommandRunner.run(["check", "--recipes", root.path, "zz-trap"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("service 'PushbookTrapService' is not in the recipe registry"), "\(result.stderr)")
    }
}
