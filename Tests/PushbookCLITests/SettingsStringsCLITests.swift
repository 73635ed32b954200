import Foundation
import Testing
import ToolchainSupport

/// `simulate --settings FILE` and `--strings FILE`, and a recipe app folder carrying them.
@Suite("simulate: notification settings and Localizable.strings")
struct SettingsStringsCLITests {
    static func withFiles(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-settings-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try body(folder)
    }

    static let push = #"{"aps": {"alert": {"loc-key": "HELLO", "loc-args": ["Ann"]}, "sound": "chime.mp3", "mutable-content": 1}}"#

    @Test("--settings with denied shows nothing; --strings resolves the loc-key; both say so in the record")
    func settingsAndStrings() throws {
        try Self.withFiles(["p.json": Self.push, "denied.json": #"{"authorizationStatus": "denied"}"#,
                            "quiet.json": #"{"soundSetting": "disabled"}"#, "L.strings": "\"HELLO\" = \"Hello, %@!\";"]) { folder in
            let p = folder.appendingPathComponent("p.json").path
            let denied = try CommandRunner.run(["simulate", "--settings", folder.appendingPathComponent("denied.json").path, p])
            #expect(denied.status == 0, "\(denied.stderr)")
            let record = try #require(try JSONSerialization.jsonObject(with: Data(denied.stdout.utf8)) as? [String: Any])
            #expect(record["delivered"] is NSNull)
            #expect((record["settings"] as? [String: Any])?["authorizationStatus"] as? String == "denied")
            let quiet = try CommandRunner.run(["simulate", "--format", "text", "--settings", folder.appendingPathComponent("quiet.json").path,
                                               "--strings", folder.appendingPathComponent("L.strings").path, p])
            #expect(quiet.stdout.contains("\"Hello, Ann!\""), "\(quiet.stdout)")
            #expect(quiet.stdout.contains("settings: authorized · shown in banner, lockScreen, notificationCenter · sound silent"), "\(quiet.stdout)")
            #expect(quiet.stdout.contains("[apns.sound-file-type]"))
        }
    }

    @Test("a bad settings or strings file is file:line:column: error with exit 2")
    func badFilesExitTwo() throws {
        try Self.withFiles(["p.json": Self.push, "s.json": "{\n  \"alertSetting\": \"on\"\n}", "L.strings": "\"A\" = \"x\"\n\"B\" = \"y\";"]) { folder in
            let p = folder.appendingPathComponent("p.json").path
            let s = folder.appendingPathComponent("s.json").path
            let settings = try CommandRunner.run(["simulate", "--settings", s, p])
            #expect(settings.status == 2)
            #expect(settings.stderr.contains("\(s):2:19: error: alertSetting 'on' is not one of enabled, disabled, notSupported [settings.file]"), "\(settings.stderr)")
            #expect(settings.stdout.isEmpty)
            let l = folder.appendingPathComponent("L.strings").path
            let strings = try CommandRunner.run(["simulate", "--strings", l, p])
            #expect(strings.status == 2)
            #expect(strings.stderr.contains("\(l):2:1: error: expected ';' after the value of \"A\" [strings.file]"), "\(strings.stderr)")
        }
    }

    @Test("simulate --help lists --settings and --strings from their declaration")
    func helpListsOptions() throws {
        let help = try CommandRunner.run(["simulate", "--help"])
        #expect(help.stdout.contains("[--settings FILE] [--strings FILE]"))
        #expect(help.stdout.contains("--settings FILE"))
        #expect(help.stdout.contains("Localizable.strings"))
    }

    @Test("lint of a .apns file with a trailing comma names the consumers")
    func lintNonStrict() throws {
        try Self.withFiles(["x.apns": "{\"Simulator Target Bundle\": \"com.example.app\", \"aps\": {\"alert\": \"Hi\",}}"]) { folder in
            let result = try CommandRunner.run(["lint", folder.appendingPathComponent("x.apns").path])
            #expect(result.status == 1)
            #expect(result.stdout.contains("note: not strict JSON: a trailing comma"))
            #expect(result.stdout.contains("[json.not-strict]"))
        }
    }

    @Test("a recipe's app folder may carry settings.json and Localizable.strings")
    func recipeAppFolder() throws {
        let recipes = try CommandRunner.copyRecipe("payload-pitfalls")
        defer { CommandRunner.removeCopy(recipes) }
        let app = recipes.appendingPathComponent("payload-pitfalls/app")
        try Data(#"{"authorizationStatus": "provisional"}"#.utf8).write(to: app.appendingPathComponent("settings.json"))
        try Data("\"HELLO\" = \"Hi %@\";".utf8).write(to: app.appendingPathComponent("Localizable.strings"))
        try Self.withFiles(["p.json": Self.push]) { folder in
            let result = try CommandRunner.run(["simulate", "--recipes", recipes.path, "--recipe", "payload-pitfalls", "--format", "text",
                                                folder.appendingPathComponent("p.json").path])
            #expect(result.stdout.contains("\"Hi Ann\""), "\(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("settings: provisional · shown in notificationCenter"), "\(result.stdout)")
        }
    }
}
