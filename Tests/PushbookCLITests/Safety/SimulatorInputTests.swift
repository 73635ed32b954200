import Foundation
import Testing
import ToolchainSupport

/// `simulate`'s app and fixture inputs: an entitlements file alone keeps the recipe's
/// Info.plist; fixture size caps; plist Booleans, duplicate and mixed-case manifest
/// URLs, status 204.
@Suite("Safety: simulate's app and fixture files", .serialized)
struct SimulatorInputTests {
    private let recipes = CommandRunner.packageRoot.appendingPathComponent("Recipes")

    @Test("simulate --recipe with --entitlements alone keeps the recipe's Info.plist, so the recipe's own files change nothing")
    func entitlementsAloneKeepInfoPlist() throws {
        let folder = recipes.appendingPathComponent("communication-notification")
        let input = folder.appendingPathComponent("examples/chat-message.json").path
        let plain = try CommandRunner.run(["simulate", "--recipe", "communication-notification", "--format", "text", input])
        let withEntitlements = try CommandRunner.run(["simulate", "--recipe", "communication-notification", "--format", "text",
                                                      "--entitlements", folder.appendingPathComponent("app/App.entitlements").path, input])
        #expect(plain.status == 0 && withEntitlements.status == 0, "\(withEntitlements.stderr)")
        #expect(plain.stdout.contains("icon sender-avatar"), "\(plain.stdout)")
        #expect(withEntitlements.stdout == plain.stdout, "\(withEntitlements.stdout)")
        #expect(!withEntitlements.stdout.contains("ios.communication-needs-entitlement"))
    }

    @Test("an entitlement of <string>false</string> or <integer>1</integer> is not granted; <true/> is")
    func plistBooleans() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = recipes.appendingPathComponent("communication-notification/examples/chat-message.json").path
        let info = recipes.appendingPathComponent("communication-notification/app/Info.plist").path
        var outputs: [String: String] = [:]
        for (name, value) in [("string", "<string>false</string>"), ("integer", "<integer>1</integer>"), ("true", "<true/>")] {
            let file = folder.appendingPathComponent("\(name).entitlements")
            try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.usernotifications.communication</key>\(value)</dict></plist>
            """.write(to: file, atomically: true, encoding: .utf8)
            let run = try CommandRunner.run(["simulate", "--recipe", "communication-notification", "--format", "text", "--entitlements", file.path, "--info-plist", info, input])
            outputs[name] = run.stdout
        }
        #expect(outputs["true"]?.contains("icon sender-avatar") == true, "\(outputs["true"] ?? "")")
        #expect(outputs["string"]?.contains("ios.communication-needs-entitlement") == true, "\(outputs["string"] ?? "")")
        #expect(outputs["integer"]?.contains("ios.communication-needs-entitlement") == true, "\(outputs["integer"] ?? "")")
    }

    /// A folder with a fixture manifest (the text given) and the fcm-image fixtures.
    private func fixtures(_ manifest: String) throws -> URL {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-fixtures-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: recipes.appendingPathComponent("fcm-image/fixtures"), to: folder)
        try manifest.write(to: folder.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        return folder
    }

    private func simulate(_ folder: URL) throws -> CommandRunner.Result {
        try CommandRunner.run(["simulate", "--recipe", "fcm-image", "--fixtures", folder.appendingPathComponent("manifest.json").path,
                               recipes.appendingPathComponent("fcm-image/examples/webp-image.json").path])
    }

    @Test("a fixture file larger than 200 MB is refused at its manifest entry without being read")
    func hugeFixtureFile() throws {
        let folder = try fixtures("{\n  \"https://images.example.com/tiny.webp\": {\"file\": \"sparse.webp\", \"mimeType\": \"image/webp\"}\n}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sparse = folder.appendingPathComponent("sparse.webp")
        #expect(FileManager.default.createFile(atPath: sparse.path, contents: nil))
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.truncate(atOffset: 5 << 30)
        try handle.close()
        let run = try simulate(folder)
        #expect(run.status == 2)
        #expect(run.stderr.contains("manifest.json:2:52: error: fixture file 'sparse.webp' is 5368709120 bytes, more than the 200000000 a fixture may hold"), "\(run.stderr)")
    }

    @Test("a mimeType of a megabyte, or with a line break, is refused at its value")
    func hugeMimeType() throws {
        for mime in [String(repeating: "a", count: 1 << 20), "image/png\\r\\nX-Evil: 1"] {
            let folder = try fixtures("{\n  \"https://images.example.com/tiny.webp\": {\"file\": \"tiny.webp\", \"mimeType\": \"\(mime)\"}\n}\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try simulate(folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("manifest.json:2:"), "\(run.stderr.prefix(300))")
            #expect(run.stderr.contains("'mimeType' must be a media type of at most 255 characters without control characters"), "\(run.stderr.prefix(300))")
        }
    }

    @Test("a URL listed twice in a manifest, also when it differs only in the case of its scheme or host, is an error at the second")
    func duplicateURL() throws {
        for second in ["https://images.example.com/tiny.webp", "HTTPS://Images.Example.COM/tiny.webp"] {
            let folder = try fixtures("{\n  \"https://images.example.com/tiny.webp\": {\"file\": \"tiny.webp\"},\n  \"\(second)\": {\"file\": \"sunset.jpg\"}\n}\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try simulate(folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("manifest.json:3:3: error: '\(second)' is listed twice (first on line 2)"), "\(run.stderr)")
        }
    }

    @Test("a manifest URL in mixed case matches the request, as URLs compare scheme and host without case")
    func mixedCaseURL() throws {
        let folder = try fixtures("{\n  \"HTTPS://IMAGES.example.com/tiny.webp\": {\"file\": \"tiny.webp\", \"mimeType\": \"image/webp\"}\n}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try simulate(folder)
        #expect(run.stdout.contains("\"status\" : 200") || run.stdout.contains("\"status\": 200"), "\(run.stdout)")
        #expect(run.stdout.contains("\"bytes\": 430") || run.stdout.contains("\"bytes\" : 430"), "\(run.stdout)")
    }

    @Test("a 204 response delivers no body, whatever file the manifest names")
    func status204HasNoBody() throws {
        let folder = try fixtures("{\n  \"https://images.example.com/tiny.webp\": {\"file\": \"tiny.webp\", \"mimeType\": \"image/webp\", \"status\": 204}\n}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try simulate(folder)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout) \(run.stderr)")
        let fetches = (record["extension"] as? [String: Any])?["fetches"] as? [[String: Any]]
        #expect(fetches?.first?["status"] as? Int == 204)
        #expect(fetches?.first?["bytes"] as? Int == 0, "\(String(describing: fetches))")
    }
}
