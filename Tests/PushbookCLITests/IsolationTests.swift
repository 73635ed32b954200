import Foundation
import Testing

@Suite("Recipes run in isolation", .serialized)
struct IsolationTests {
    @Test("a recipe whose code traps fails alone: build reports it, verifies the others, and leaves the old site")
    func trappingRecipeFailsAlone() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        let trap = root.appendingPathComponent("zz-trap")
        try FileManager.default.copyItem(at: root.appendingPathComponent("fcm-image"), to: trap)
        let markdown = trap.appendingPathComponent("recipe.md")
        let text = try String(contentsOf: markdown, encoding: .utf8)
        try text.replacingOccurrences(of: "service: FCMImageService", with: "service: PushbookTrapService").write(to: markdown, atomically: true, encoding: .utf8)
        let out = CommandRunner.siteFolder(beside: root)
        let result = try CommandRunner.run(["build", "--recipes", root.path, "--out", out.path, "--no-cache", "--jobs", "2"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("zz-trap/recipe.md:1:1: error: the recipe's code crashed its worker process"), "\(result.stderr)")
        #expect(!result.stderr.contains("fcm-image/"), "the healthy recipe passed: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("check reports a trapping recipe as that recipe's failure and still verifies the others")
    func checkIsolatesCrashes() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        let trap = root.appendingPathComponent("zz-trap")
        try FileManager.default.copyItem(at: root.appendingPathComponent("fcm-image"), to: trap)
        let markdown = trap.appendingPathComponent("recipe.md")
        let text = try String(contentsOf: markdown, encoding: .utf8)
        try text.replacingOccurrences(of: "service: FCMImageService", with: "service: PushbookTrapService").write(to: markdown, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["check", "--recipes", root.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("5 passed, 1 failed"), "\(result.stdout)")
        #expect(result.stderr.contains("zz-trap/recipe.md:1:1: error: the recipe's code crashed its worker process"), "\(result.stderr)")
    }
}
