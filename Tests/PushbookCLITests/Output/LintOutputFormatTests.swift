import Foundation
import Testing
@testable import PushbookCLI
import Cookbook
import Payloads
import ToolchainSupport

/// `lint --format sarif` and `--format github`: what code scanning and GitHub Actions read.
@Suite("Output formats of lint: SARIF and GitHub annotations")
struct LintOutputFormatTests {
    static let fixtures = CommandRunner.packageRoot.appendingPathComponent("Tests/PayloadsTests/Fixtures/rules")
    static let rulesPage = "https://example.org/pushbook/rules.html"

    /// A scratch folder with `files` written into it.
    static func scratch(_ files: [String: String]) throws -> URL {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-format-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// Every bad and good rule fixture, by path relative to the package root.
    static func fixtureFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".json") }.sorted()
            .map { "Tests/PayloadsTests/Fixtures/rules/\($0)" }
    }

    @Test("lint --format sarif on every rule fixture is a SARIF 2.1.0 log that validates against the OASIS schema")
    func sarifValidates() throws {
        let files = try Self.fixtureFiles()
        let run = try CommandRunner.run(["lint", "--format", "sarif", "--rules-url", Self.rulesPage] + files + ["no-such-file.json"])
        #expect(run.status == 2, "an unreadable file is exit 2, as in text")
        let folder = try Self.scratch(["lint.sarif": run.stdout])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try SchemaValidator.validate(schema: SchemaValidator.sarif, files: [folder.appendingPathComponent("lint.sarif")])
        #expect(report.first?.errors == [], "\(report)")

        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "pushbook")
        #expect(driver["version"] as? String == PushbookVersion.number)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        // Every bad fixture's rule fires (those that need no headers), so the log names each, with the catalogue's metadata.
        let needHeaders = Set(try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".bad.headers") }
            .map { "Tests/PayloadsTests/Fixtures/rules/" + $0.dropLast(".headers".count) + ".json" })
        let badRules = Set(files.filter { $0.hasSuffix(".bad.json") && !needHeaders.contains($0) }.map { String($0.split(separator: "/").last!.dropLast(".bad.json".count)) })
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(badRules.isSubset(of: Set(ruleIDs)), "missing: \(badRules.subtracting(ruleIDs))")
        #expect(ruleIDs == ruleIDs.sorted())
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let entry = try #require(RuleCatalogue.rule(id), "\(id) is in the catalogue")
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == entry.summary)
            #expect(entry.summary.hasPrefix((rule["shortDescription"] as? [String: Any])?["text"] as? String ?? "?"))
            #expect(rule["helpUri"] as? String == "\(Self.rulesPage)#rule-\(id.replacingOccurrences(of: ".", with: "-"))")
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == entry.severity.rawValue)
            #expect((rule["properties"] as? [String: Any])?["source"] as? String == entry.source)
        }
        // Each result points at its rule, its file, and the line and column the text format prints.
        let text = try CommandRunner.run(["lint"] + files)
        let textLines = text.stdout.split(separator: "\n").map(String.init)
        #expect(results.count == textLines.count && !results.isEmpty)
        for (result, line) in zip(results, textLines) {
            let id = try #require(result["ruleId"] as? String)
            #expect(ruleIDs[try #require(result["ruleIndex"] as? Int)] == id)
            let physical = try #require(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            let region = physical["region"] as? [String: Any]
            let message = try #require((result["message"] as? [String: Any])?["text"] as? String)
            let level = try #require(result["level"] as? String)
            let expected = "\(uri):\(region?["startLine"] as? Int ?? 1):\(region?["startColumn"] as? Int ?? 1): \(level): \(message) [\(id)]"
            #expect(line == expected)
        }
        // The unreadable file is a tool notification, and the invocation did not succeed.
        let invocation = try #require((sarifRun["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notes.count == 1 && run.stdout.contains("no-such-file.json") && run.stderr.contains("no-such-file.json:1:1: error: cannot read the file"))
    }

    @Test("SARIF and GitHub columns count characters, not UTF-8 bytes; paths become URI references")
    func columnsCountCharacters() throws {
        // "é" and "🔔" are 2 and 4 bytes: the badge's value starts at byte 43, character 39.
        let payload = #"{"aps": {"alert": "héllo 🔔", "badge": "3"}}"# + "\n"
        let folder = try Self.scratch(["a payload.json": payload])
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try CommandRunner.run(["lint", "a payload.json"], in: folder)
        #expect(text.stdout.hasPrefix("a payload.json:1:43: error: "))
        let sarif = try CommandRunner.run(["lint", "--format", "sarif", "./a payload.json"], in: folder)
        #expect(sarif.status == 1)
        #expect(sarif.stdout.contains("\"startColumn\": 39,"))
        #expect(sarif.stdout.contains("\"uri\": \"a%20payload.json\""))
        #expect(!sarif.stdout.contains("helpUri"), "no rules page given, no link")
        #expect(sarif.stdout.contains("\"columnKind\": \"unicodeCodePoints\""))
        try Data(sarif.stdout.utf8).write(to: folder.appendingPathComponent("out.sarif"))
        #expect(try SchemaValidator.validate(schema: SchemaValidator.sarif, files: [folder.appendingPathComponent("out.sarif")]).first?.errors == [])
        let github = try CommandRunner.run(["lint", "--format", "github", "a payload.json"], in: folder)
        #expect(github.status == 1)
        #expect(github.stdout.hasPrefix("::error file=a payload.json,line=1,col=39,title=apns.aps-key-type::aps.badge must be a number"))
        #expect(CodePointColumns.characterColumn(of: SourceLocation(line: 1, column: 43), in: Array(payload.utf8)) == 39)
        #expect(CodePointColumns.characterColumn(of: SourceLocation(line: 2, column: 5), in: Array("é\nab🔔cd".utf8)) == 4)
    }

    @Test("lint --format github prints one workflow command per finding: error, warning and notice, with the rule as title")
    func githubCommands() throws {
        let file = "Tests/PayloadsTests/Fixtures/rules/apns.custom-key-in-aps.bad.json"
        let text = try CommandRunner.run(["lint", file, "Tests/PayloadsTests/Fixtures/rules/fcm.validate-only.bad.json", "-"], stdin: Data("{\"aps\": 1}".utf8))
        let github = try CommandRunner.run(["lint", "--format", "github", file, "Tests/PayloadsTests/Fixtures/rules/fcm.validate-only.bad.json", "-"],
                                           stdin: Data("{\"aps\": 1}".utf8))
        #expect(github.status == text.status)
        let lines = github.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == text.stdout.split(separator: "\n").count)
        #expect(lines.contains { $0.hasPrefix("::warning file=\(file),line=") && $0.contains(",title=apns.custom-key-in-aps::") })
        #expect(lines.contains { $0.hasPrefix("::notice file=Tests/PayloadsTests/Fixtures/rules/fcm.validate-only.bad.json,") && $0.contains("title=fcm.validate-only::") })
        // Standard input has no file to annotate: the command names the line and the rule only.
        #expect(lines.contains { $0.hasPrefix("::error line=1,col=9,title=apns.aps-shape::") })
        #expect(github.stderr.isEmpty)
    }

    @Test("GitHub's escaping: % CR LF in messages, and : , in properties too")
    func githubEscaping() {
        #expect(GitHubAnnotations.escapeData("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(GitHubAnnotations.escapeProperty("C:\\dir,x%\n") == "C%3A\\dir%2Cx%25%0A")
        let finding = Diagnostic(rule: "json.syntax", severity: .error, message: "line\nbreak 100%", location: SourceLocation(line: 3, column: 2),
                                 file: "dir,1/a:b.json")
        #expect(GitHubAnnotations(diagnostics: [finding]).text == "::error file=dir%2C1/a%3Ab.json,line=3,col=2,title=json.syntax::line%0Abreak 100%25\n")
        let whole = Diagnostic(rule: "x.y", severity: .note, message: "m", file: "a.json")
        #expect(GitHubAnnotations(diagnostics: [whole]).text == "::notice file=a.json,title=x.y::m\n", "no line for a finding about the whole file")
        let detailed = Diagnostic(file: "a.json", location: SourceLocation(line: 2, column: 1), rule: "check.mismatch", message: "differs",
                                  detail: "- a\n+ b")
        #expect(GitHubAnnotations(diagnostics: [detailed]).text == "::error file=a.json,line=2,col=1,title=check.mismatch::differs%0A- a%0A+ b\n",
                "the detail follows the message")
    }

    @Test("--rules-url must be an absolute http(s) address, and --rules lists only as text or json")
    func usageErrors() throws {
        for bad in ["rules.html", "https://", "https://x.org/rules.html#a", "file:///tmp/rules.html", "https://x.org/a b"] {
            let run = try CommandRunner.run(["lint", "--format", "sarif", "--rules-url", bad, "Tests/PayloadsTests/Fixtures/rules/json.syntax.bad.json"])
            #expect(run.status == 2 && run.stderr.contains("--rules-url takes an absolute"), "\(bad)")
        }
        let rules = try CommandRunner.run(["lint", "--rules", "--format", "sarif"])
        #expect(rules.status == 2)
        let format = try CommandRunner.run(["lint", "--format", "xml", "a.json"])
        #expect(format.status == 2 && format.stderr.contains("--format must be text, json, sarif or github"))
    }
}
