import Foundation
import Testing
import ToolchainSupport

@Suite("The pushbook command line", .serialized)
struct CLITests {
    @Test("every subcommand has --help, printed on stdout with exit 0")
    func helpForEveryCommand() throws {
        for command in ["build", "check", "lint", "simulate"] {
            let result = try CommandRunner.run([command, "--help"])
            #expect(result.status == 0, "\(command) --help")
            #expect(result.stdout.contains("USAGE: pushbook \(command)"))
        }
        #expect(try CommandRunner.run(["--help"]).stdout.contains("SUBCOMMANDS"))
    }

    @Test("a misspelt subcommand is a usage error with a suggestion")
    func unknownSubcommand() throws {
        let result = try CommandRunner.run(["chek"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Did you mean 'check'?"))
    }

    @Test("check passes on the fcm-image recipe and records one public image attachment")
    func checkPasses() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        let result = try CommandRunner.run(["check", "--recipes", root.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("15 passed, 0 failed"))
        let record = try String(contentsOf: root.appendingPathComponent("fcm-image/expected/jpeg-image.json"), encoding: .utf8)
        #expect(record.contains("\"type\": \"public.jpeg\""))
        #expect(record.contains("\"contentHandlerCalls\": 1"))
    }

    @Test("a tampered expected file makes check exit 1 and name the file, with a diff")
    func tamperedExpectedFails() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        let expected = root.appendingPathComponent("fcm-image/expected/image-not-found.json")
        let text = try String(contentsOf: expected, encoding: .utf8)
        try text.replacingOccurrences(of: "\"contentHandlerCalls\": 1", with: "\"contentHandlerCalls\": 2").write(to: expected, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["check", "--recipes", root.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("fcm-image/expected/image-not-found.json"))
        #expect(result.stderr.contains("-    \"contentHandlerCalls\": 2"))
        #expect(result.stderr.contains("+    \"contentHandlerCalls\": 1"))
    }

    @Test("check --update rewrites the expected file, after which check passes")
    func updateRewrites() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("fcm-image/expected/webp-image.json"))
        #expect(try CommandRunner.run(["check", "--recipes", root.path]).status == 1)
        let update = try CommandRunner.run(["check", "--recipes", root.path, "--update"])
        #expect(update.status == 0)
        #expect(update.stderr.contains("updated"))
        #expect(try CommandRunner.run(["check", "--recipes", root.path]).status == 0)
    }

    @Test("check --format json reports each example's status")
    func checkJSON() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        let result = try CommandRunner.run(["check", "--recipes", root.path, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["passed"] as? Bool == true)
        #expect((object?["examples"] as? [Any])?.count == 15)
    }

    /// Every problem is one diagnostic, printed as `file:line:column: severity: message [rule]`.
    @Test("every problem is printed as file:line:column: severity: message [rule], whatever reported it")
    func oneDiagnosticFormat() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        let expected = root.appendingPathComponent("fcm-image/expected/image-not-found.json")
        let record = try String(contentsOf: expected, encoding: .utf8)
        try record.replacingOccurrences(of: "\"contentHandlerCalls\": 1", with: "\"contentHandlerCalls\": 2").write(to: expected, atomically: true, encoding: .utf8)
        let mismatch = try CommandRunner.run(["check", "--recipes", root.path])
        // The mismatch points at the first line of the expected file that differs.
        let changed = (record.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"contentHandlerCalls\"") } ?? -1) + 1
        #expect(mismatch.stderr.contains("fcm-image/expected/image-not-found.json:\(changed):1: error: the record of example 'image-not-found' differs from the expected file [check.mismatch]\n--- "), "\(mismatch.stderr)")

        let plist = root.appendingPathComponent("bad.entitlements")
        try "not a plist".write(to: plist, atomically: true, encoding: .utf8)
        let push = Data(#"{"aps": {"alert": "Hi"}}"#.utf8)
        let app = try CommandRunner.run(["simulate", "--entitlements", plist.path, "-"], stdin: push)
        #expect(app.status == 2)
        #expect(app.stderr.hasPrefix("\(plist.path):1:1: error: "), "\(app.stderr)")
        #expect(app.stderr.hasSuffix(" [app.property-list]\n"), "\(app.stderr)")

        let manifest = root.appendingPathComponent("manifest.json")
        try "{\n  \"https://a.example/x.png\": 3\n}\n".write(to: manifest, atomically: true, encoding: .utf8)
        let fixtures = try CommandRunner.run(["simulate", "--fixtures", manifest.path, "-"], stdin: push)
        #expect(fixtures.stderr == "\(manifest.path):2:30: error: the response for 'https://a.example/x.png' must be an object [fixture.manifest]\n")

        let missing = try CommandRunner.run(["lint", "/nonexistent/x.json"])
        #expect(missing.stderr.hasPrefix("/nonexistent/x.json:1:1: error: "))
        #expect(missing.stderr.hasSuffix(" [input.unreadable]\n"), "\(missing.stderr)")
    }

    @Test("check --format json gives each problem as a diagnostic object with its file and rule")
    func checkJSONDiagnostics() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("fcm-image/expected/webp-image.json"))
        let result = try CommandRunner.run(["check", "--recipes", root.path, "--format", "json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let examples = try #require(object["examples"] as? [[String: Any]])
        let webp = try #require(examples.first { $0["example"] as? String == "webp-image" })
        #expect(webp["status"] as? String == "missing")
        let diagnostic = try #require(webp["diagnostic"] as? [String: Any])
        #expect(diagnostic["rule"] as? String == "check.missing-expected")
        #expect((diagnostic["file"] as? String)?.hasSuffix("fcm-image/expected/webp-image.json") == true)
        #expect(examples.filter { $0["status"] as? String == "passed" }.allSatisfy { $0["diagnostic"] is NSNull })
    }

    @Test("build writes index.html linking the recipe page, and leaves the old site on failure")
    func buildWritesSite() throws {
        let root = try CommandRunner.copyRecipe("fcm-image")
        defer { CommandRunner.removeCopy(root) }
        let out = CommandRunner.siteFolder(beside: root)
        let result = try CommandRunner.run(["build", "--recipes", root.appendingPathComponent("").path, "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("href=\"recipes/fcm-image.html\""))
        let page = try String(contentsOf: out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8)
        #expect(page.contains("ImageAttachment"))
        #expect(!page.contains("FoundationNetworking"))

        let expected = root.appendingPathComponent("fcm-image/expected/image-too-large.json")
        try "{}\n".write(to: expected, atomically: true, encoding: .utf8)
        let failed = try CommandRunner.run(["build", "--recipes", root.path, "--out", out.path])
        #expect(failed.status == 1)
        #expect(try String(contentsOf: out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8) == page)
    }

    @Test("lint prints file:line:column diagnostics and exits 1 on an error")
    func lintReportsPositions() throws {
        let bad = Data(#"{"aps": {"alert": "hi", "mutable-content": "1"}}"#.utf8)
        let result = try CommandRunner.run(["lint", "-"], stdin: bad)
        #expect(result.status == 1)
        #expect(result.stdout.contains("-:1:"))
        #expect(result.stdout.contains("error:"))
    }

    @Test("lint's text output escapes control characters in file names: one line per problem, no escape sequence reaches the terminal")
    func lintEscapesFileNames() throws {
        let folder = try TemporaryFolder.make("odd-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = Data(#"{"aps": {"alert": "hi", "mutable-content": "1"}}"#.utf8)
        for name in ["nl\nname.json", "esc\u{1B}[31mred.json"] { try bad.write(to: folder.appendingPathComponent(name)) }
        let result = try CommandRunner.run(["lint", "nl\nname.json", "esc\u{1B}[31mred.json"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}"), "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix(#"nl\nname.json:"#) || $0.hasPrefix(#"esc\u{1B}[31mred.json:"#) }, "\(result.stdout)")
    }

    @Test("lint reports malformed JSON with its line and column, and exits 2 for a missing file")
    func lintMalformed() throws {
        let result = try CommandRunner.run(["lint", "-"], stdin: Data("{\n  \"aps\": {,}\n}".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.contains("-:2:"))
        #expect(try CommandRunner.run(["lint", "/nonexistent/x.json"]).status == 2)
    }

    @Test("simulate runs a pass-through extension and prints a deterministic record")
    func simulatePassThrough() throws {
        let push = Data(#"{"aps": {"alert": {"title": "Hi", "body": "There"}, "mutable-content": 1}}"#.utf8)
        let first = try CommandRunner.run(["simulate", "-"], stdin: push)
        let second = try CommandRunner.run(["simulate", "-"], stdin: push)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("\"invoked\": true"))
        let text = try CommandRunner.run(["simulate", "--format", "text", "-"], stdin: push)
        #expect(text.stdout.contains("extension ran"))
    }

    @Test("simulate --recipe runs a recipe's extension on any payload")
    func simulateWithRecipe() throws {
        let result = try CommandRunner.run(["simulate", "--recipe", "fcm-image", "Recipes/fcm-image/examples/jpeg-image.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"type\": \"public.jpeg\""))
    }

    @Test("lint --rules lists the whole catalogue, linter rules and device behaviours, with sources and confidence")
    func lintListsRules() throws {
        let result = try CommandRunner.run(["lint", "--rules", "--format", "json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let rules = (object?["rules"] as? [[String: Any]]) ?? []
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("apns.payload-too-large"))
        #expect(ids.contains("ios.extension-gate"))
        #expect(rules.allSatisfy { ($0["source"] as? String)?.isEmpty == false && $0["confidence"] != nil })
    }
}
