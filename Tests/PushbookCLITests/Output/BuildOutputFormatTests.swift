import Foundation
import Testing
@testable import PushbookCLI
import Cookbook
import Payloads

/// `build --format sarif` and `--format github`: a cookbook's CI gets the build's problems (a record
/// that differs, a broken link) where code scanning and pull requests show them, as with `check`.
@Suite("Output formats of build: SARIF and GitHub annotations")
struct BuildOutputFormatTests {
    static let rulesPage = "https://example.org/pushbook/rules.html"

    /// A copy of payload-pitfalls (`recipes/` in a fresh temporary folder) whose `alerts-off` record
    /// differs on its `bytes` line and whose prose links to a page that does not exist. Returns the
    /// folder, the record's line and the link's line in recipe.md.
    static func brokenRecipes() throws -> (folder: URL, recordLine: Int, linkLine: Int) {
        let recipes = try CommandRunner.copyRecipe("payload-pitfalls")
        let expected = recipes.appendingPathComponent("payload-pitfalls/expected/alerts-off.json")
        let record = try String(contentsOf: expected, encoding: .utf8)
        let recordLine = try #require(record.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"bytes\": 260") }) + 1
        try record.replacingOccurrences(of: "\"bytes\": 260", with: "\"bytes\": 261").write(to: expected, atomically: true, encoding: .utf8)
        let markdown = recipes.appendingPathComponent("payload-pitfalls/recipe.md")
        let text = try String(contentsOf: markdown, encoding: .utf8)
        try (text + "\nSee [the missing page](missing-page.html).\n").write(to: markdown, atomically: true, encoding: .utf8)
        let linkLine = text.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        return (recipes.deletingLastPathComponent(), recordLine, linkLine)
    }

    /// The SARIF log's results as (rule, uri, line, column), whether the invocation succeeded, and
    /// how many tool execution notifications it has.
    static func results(_ sarif: String) throws -> (results: [(rule: String, uri: String?, line: Int?, column: Int?)], successful: Bool?, notifications: Int) {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let invocation = (run["invocations"] as? [[String: Any]])?.first
        let results = (run["results"] as? [[String: Any]] ?? []).map { result in
            let physical = ((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any]
            return (rule: result["ruleId"] as? String ?? "", uri: (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String,
                    line: (physical?["region"] as? [String: Any])?["startLine"] as? Int, column: (physical?["region"] as? [String: Any])?["startColumn"] as? Int)
        }
        return (results, invocation?["executionSuccessful"] as? Bool, (invocation?["toolExecutionNotifications"] as? [Any])?.count ?? 0)
    }

    @Test("build --format sarif of a failing cookbook: a log valid against the OASIS schema with every problem of the text form, the mismatch at its line, the summary on stderr, no site")
    func sarif() throws {
        let (folder, recordLine, _) = try Self.brokenRecipes()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try CommandRunner.run(["build", "--no-cache", "--recipes", "recipes", "--out", "out"], in: folder)
        let run = try CommandRunner.run(["build", "--no-cache", "--recipes", "recipes", "--out", "out", "--format", "sarif", "--rules-url", Self.rulesPage], in: folder)
        #expect(text.status == 1 && run.status == 1)
        #expect(run.stderr == "build failed: 'out' was left as it was\n", "problems go to the log, only the summary to stderr: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        try Data(run.stdout.utf8).write(to: folder.appendingPathComponent("build.sarif"))
        let report = try SchemaValidator.validate(schema: SchemaValidator.sarif, files: [folder.appendingPathComponent("build.sarif")])
        #expect(report.first?.errors == [], "\(report)")

        let (results, successful, notifications) = try Self.results(run.stdout)
        #expect(successful == true && notifications == 0, "the build ran; its findings are results")
        let mismatch = try #require(results.first { $0.rule == ToolRule.mismatch.id })
        #expect(mismatch.uri == "recipes/payload-pitfalls/expected/alerts-off.json" && mismatch.line == recordLine)
        #expect(text.stderr.contains("recipes/payload-pitfalls/expected/alerts-off.json:\(recordLine):1: error: "), "the text form names the same place")
        // Each problem the text form prints is one result, with the same rule.
        let textRules = text.stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
        #expect(results.map(\.rule).sorted() == textRules.sorted(), "\(text.stderr)")
    }

    @Test("build --format github prints one workflow command per problem of the text form, the summary on stderr")
    func github() throws {
        let (folder, recordLine, _) = try Self.brokenRecipes()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CommandRunner.run(["build", "--no-cache", "--recipes", "recipes", "--out", "out", "--format", "github"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "build failed: 'out' was left as it was\n")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("::error file=recipes/payload-pitfalls/expected/alerts-off.json,line=\(recordLine),col=1,title=check.mismatch::") })
    }

    @Test("build with a broken link only: one result, the link's rule, at the line and column recipe.md wrote it")
    func brokenLink() throws {
        let (folder, _, linkLine) = try Self.brokenRecipes()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Put the record back: the build now fails on the link alone.
        let update = try CommandRunner.run(["check", "--recipes", "recipes", "--update"], in: folder)
        #expect(update.status == 0, "\(update.stderr)")
        let run = try CommandRunner.run(["build", "--no-cache", "--recipes", "recipes", "--out", "out", "--format", "sarif"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        let (results, _, _) = try Self.results(run.stdout)
        #expect(results.count == 1, "\(results)")
        #expect(results.first?.rule == ToolRule.brokenLink.id)
        #expect(results.first?.uri == "recipes/payload-pitfalls/recipe.md" && results.first?.line == linkLine, "\(results)")
        #expect(results.first?.column == 5, "'See [': the link starts at column 5")
    }

    @Test("build --format sarif of a passing cookbook: no results, the summary on stderr; a refused --out is a notification; --watch takes text only")
    func passingRefusedAndWatch() throws {
        let recipes = try CommandRunner.copyRecipe("payload-pitfalls")
        defer { CommandRunner.removeCopy(recipes) }
        let folder = recipes.deletingLastPathComponent()
        let run = try CommandRunner.run(["build", "--no-cache", "--recipes", "recipes", "--out", "out", "--format", "sarif"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("built 'out': 1 recipes"), "\(run.stderr)")
        let passing = try Self.results(run.stdout)
        #expect(passing.results.isEmpty && passing.successful == true)
        let github = try CommandRunner.run(["build", "--no-cache", "--recipes", "recipes", "--out", "out", "--format", "github"], in: folder)
        #expect(github.status == 0 && github.stdout.isEmpty, "\(github.stdout)")

        // A folder that is not a site pushbook built is refused untouched: the build did not run.
        let stranger = folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: stranger, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: stranger.appendingPathComponent("todo.txt"))
        let refused = try CommandRunner.run(["build", "--no-cache", "--recipes", "recipes", "--out", "notes", "--format", "sarif"], in: folder)
        #expect(refused.status == 2)
        let log = try Self.results(refused.stdout)
        #expect(log.results.isEmpty && log.successful == false && log.notifications == 1, "\(refused.stdout)")
        #expect(try String(contentsOf: stranger.appendingPathComponent("todo.txt"), encoding: .utf8) == "keep me")
        try Data(refused.stdout.utf8).write(to: folder.appendingPathComponent("refused.sarif"))
        let report = try SchemaValidator.validate(schema: SchemaValidator.sarif, files: [folder.appendingPathComponent("refused.sarif")])
        #expect(report.first?.errors == [], "\(report)")

        let watch = try CommandRunner.run(["build", "--watch", "--format", "sarif"], in: folder)
        #expect(watch.status == 2 && watch.stderr.contains("--watch prints a status line per rebuild"), "\(watch.stderr)")
        let bad = try CommandRunner.run(["build", "--format", "json"], in: folder)
        #expect(bad.status == 2 && bad.stderr.contains("--format must be text, sarif or github"), "\(bad.stderr)")
    }
}
