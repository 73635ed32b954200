import Foundation
import Testing
@testable import PushbookCLI
import Cookbook
import Payloads

/// `check --format sarif` and `--format github`: the build's own problems (a record that
/// differs, with its diff; a broken recipe) where code scanning and pull requests show them.
@Suite("Output formats of check: SARIF and GitHub annotations")
struct CheckOutputFormatTests {
    static let rulesPage = "https://example.org/pushbook/rules.html"

    /// A recipes folder (`recipes/`, in a fresh temporary folder the commands run in) with fcm-image,
    /// one of whose records differs on its `contentHandlerCalls` line, and a copy of it whose front
    /// matter holds an ESC after "Voilà" (a 2-byte character). Returns the folder, the record's
    /// changed line and the front matter's line.
    static func brokenRecipes() throws -> (folder: URL, changedLine: Int, titleLine: Int) {
        let recipes = try CommandRunner.copyRecipe("fcm-image")
        let expected = recipes.appendingPathComponent("fcm-image/expected/image-not-found.json")
        let record = try String(contentsOf: expected, encoding: .utf8)
        let changed = try #require(record.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"contentHandlerCalls\"") }) + 1
        try record.replacingOccurrences(of: "\"contentHandlerCalls\": 1", with: "\"contentHandlerCalls\": 2").write(to: expected, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: recipes.appendingPathComponent("fcm-image"), to: recipes.appendingPathComponent("voila"))
        let markdown = recipes.appendingPathComponent("voila/recipe.md")
        let text = try String(contentsOf: markdown, encoding: .utf8)
        let titleLine = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("title: ") }) + 1
        try text.replacingOccurrences(of: "title: Show", with: "title: Voilà\u{1B} Show").write(to: markdown, atomically: true, encoding: .utf8)
        return (recipes.deletingLastPathComponent(), changed, titleLine)
    }

    @Test("check --format sarif validates against the OASIS schema: a mismatch at its first differing line with its diff, a recipe error at its column in code points, the build's rules described")
    func sarif() throws {
        let (folder, changedLine, titleLine) = try Self.brokenRecipes()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try CommandRunner.run(["check", "--recipes", "recipes"], in: folder)
        let run = try CommandRunner.run(["check", "--recipes", "recipes", "--format", "sarif", "--rules-url", Self.rulesPage], in: folder)
        #expect(run.status == 1 && text.status == 1)
        #expect(run.stderr.isEmpty, "the log is the whole report: \(run.stderr)")
        // The text form says the same two things, at byte columns.
        #expect(text.stderr.contains("recipes/fcm-image/expected/image-not-found.json:\(changedLine):1: error: the record of example 'image-not-found' differs from the expected file [check.mismatch]\n--- "))
        #expect(text.stderr.contains("recipes/voila/recipe.md:\(titleLine):14: error: control character U+001B in the front matter; remove it [recipe.control-character]"))

        try Data(run.stdout.utf8).write(to: folder.appendingPathComponent("check.sarif"))
        let report = try SchemaValidator.validate(schema: SchemaValidator.sarif, files: [folder.appendingPathComponent("check.sarif")])
        #expect(report.first?.errors == [], "\(report)")

        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ["check.mismatch", "recipe.control-character"])
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let toolRule = try #require(ToolRule.all.first { $0.id == id })
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == toolRule.summary)
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
            #expect(rule["helpUri"] == nil, "the build's rules are not on the rules page: no link to a missing anchor")
        }
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        #expect(results.count == 2)
        func place(_ result: [String: Any]) -> (uri: String?, line: Int?, column: Int?) {
            let physical = ((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any]
            let region = physical?["region"] as? [String: Any]
            return ((physical?["artifactLocation"] as? [String: Any])?["uri"] as? String, region?["startLine"] as? Int, region?["startColumn"] as? Int)
        }
        let mismatch = try #require(results.first { $0["ruleId"] as? String == "check.mismatch" })
        #expect(place(mismatch) == ("recipes/fcm-image/expected/image-not-found.json", changedLine, 1))
        let message = try #require((mismatch["message"] as? [String: Any])?["text"] as? String)
        #expect(message.hasPrefix("the record of example 'image-not-found' differs from the expected file\n--- recipes/fcm-image/expected/image-not-found.json (expected)"))
        #expect(message.contains("\n-    \"contentHandlerCalls\": 2,\n") && message.contains("\n+    \"contentHandlerCalls\": 1,\n"), "the diff is in the message")
        let control = try #require(results.first { $0["ruleId"] as? String == "recipe.control-character" })
        #expect(place(control) == ("recipes/voila/recipe.md", titleLine, 13), "column 14 in bytes is character 13: 'à' is two bytes")
    }

    @Test("check --format github prints one workflow command per problem, the diff in the message, columns in characters")
    func github() throws {
        let (folder, changedLine, titleLine) = try Self.brokenRecipes()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CommandRunner.run(["check", "--recipes", "recipes", "--format", "github"], in: folder)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.stdout)")
        #expect(lines.contains("::error file=recipes/voila/recipe.md,line=\(titleLine),col=13,title=recipe.control-character::control character U+001B in the front matter; remove it"))
        let mismatch = try #require(lines.first { $0.contains("title=check.mismatch") })
        #expect(mismatch.hasPrefix("::error file=recipes/fcm-image/expected/image-not-found.json,line=\(changedLine),col=1,title=check.mismatch::the record of example 'image-not-found' differs from the expected file%0A--- recipes/fcm-image/expected/image-not-found.json (expected)%0A"))
        #expect(mismatch.components(separatedBy: "::").count == 3, "the diff's lines are escaped into the one command")
        #expect(mismatch.contains("%0A-    \"contentHandlerCalls\": 2,%0A"))
    }

    @Test("check --format sarif of a passing cookbook: no results, a successful invocation; --format xml is a usage error")
    func passing() throws {
        let recipes = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(recipes) }
        let run = try CommandRunner.run(["check", "--recipes", "recipes", "--format", "sarif"], in: recipes.deletingLastPathComponent())
        #expect(run.status == 0)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((sarifRun["results"] as? [Any])?.isEmpty == true)
        #expect(((sarifRun["invocations"] as? [[String: Any]])?.first)?["executionSuccessful"] as? Bool == true)
        let github = try CommandRunner.run(["check", "--recipes", "recipes", "--format", "github"], in: recipes.deletingLastPathComponent())
        #expect(github.status == 0 && github.stdout.isEmpty)
        let bad = try CommandRunner.run(["check", "--format", "xml"])
        #expect(bad.status == 2 && bad.stderr.contains("--format must be text, json, sarif or github"))
    }
}
