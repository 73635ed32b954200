import Foundation
import Testing
import Cookbook
@testable import PushbookCLI

/// `pushbook --version`: the version, and the commit when built from a checkout.
@Suite("pushbook --version")
struct VersionTests {
    @Test("--version prints the version and the commit HEAD was at when the tool was built, the same every time")
    func versionAndCommit() throws {
        let first = try CommandRunner.run(["--version"])
        let second = try CommandRunner.run(["--version"], in: FileManager.default.temporaryDirectory)
        #expect(first.status == 0 && first.stderr.isEmpty)
        #expect(first.stdout == second.stdout, "the same wherever it runs")
        let line = first.stdout
        #expect(line.hasPrefix("pushbook \(PushbookVersion.number)"))
        // The package is a git checkout here (CI runs on a clone), so the commit is named.
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", CommandRunner.packageRoot.path, "rev-parse", "HEAD"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = FileHandle.nullDevice
        try git.run()
        let head = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        git.waitUntilExit()
        if git.terminationStatus == 0 && ProcessInfo.processInfo.environment["PUSHBOOK_TEST_BINARY"] == nil {
            #expect(line == "pushbook \(PushbookVersion.number) (commit \(head))\n")
        } else {
            #expect(line.range(of: #"^pushbook [0-9]+\.[0-9]+\.[0-9]+( \(commit [0-9a-f]{40}\))?\n$"#, options: .regularExpression) != nil)
        }
    }

    /// The site is committed and rebuilt by CI at later commits, so it names the version number only:
    /// a commit in a page would make every committed site stale at the next commit.
    @Test("the site's pages name the version that verified them, and no file of the site names the commit")
    func footerNamesTheVersion() throws {
        let recipes = try CommandRunner.copyRecipe("payload-pitfalls")
        defer { CommandRunner.removeCopy(recipes) }
        let out = CommandRunner.siteFolder(beside: recipes)
        let build = try CommandRunner.run(["build", "--no-cache", "--recipes", recipes.path, "--out", out.path], in: recipes.deletingLastPathComponent())
        #expect(build.status == 0, "\(build.stderr)")
        for page in ["index.html", "rules.html", "recipes/payload-pitfalls.html"] {
            let html = try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8)
            #expect(html.contains("Pages verified by pushbook \(PushbookVersion.number)"), "\(page)")
        }
        #expect(try CommandRunner.run(["--version"]).stdout.hasPrefix("pushbook \(PushbookVersion.number)"), "the footer's words start what --version prints")
        let commit = PushbookCLI.commit
        guard !commit.isEmpty else { return }
        let walker = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            #expect(data.range(of: Data(commit.prefix(12).utf8)) == nil, "\(url.lastPathComponent) names the commit")
        }
    }
}
