import Foundation
import Testing
import Payloads
import NotificationSimulator
@testable import Cookbook
import ToolchainSupport

/// The "Send it" commands run in bash with `curl` and `xcrun` replaced by stubs that record their
/// arguments: hostile example names and header values reach the programs as literal words and run nothing.
@Suite struct SendItCommandsTests {
    static let hostileNames = [
        "image-with-extension", "a$(touch PWNED_NAME)b", "x'$(touch PWNED_Q)'y", "back`touch PWNED_TICK`tick",
        "semi;touch PWNED_SEMI", "new\nline", "glob*?[", "~home", "-rf", "dollar$HOME", "\"dq\"", "space name",
    ]
    static let hostileValues = ["x'$(touch PWNED_HDR)'", "a\"$(touch PWNED_DQ)\"b", "`touch PWNED_BT`", "v; touch PWNED_SC", "back\\slash"]

    /// Runs `script` in bash in a fresh folder, with `curl` and `xcrun` defined as shell functions that record
    /// their arguments (functions, not files: a script written and run at once can hit ETXTBSY when another test
    /// forks meanwhile); returns each call's arguments and the files in the folder afterwards.
    static func run(_ script: String) throws -> (calls: [[String]], files: [String]) {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-sendit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stubs = ["curl", "xcrun"].map { "\($0)() { { printf '%s\\0' \($0) \"$@\"; printf '\\n'; } >> \"$STUB_LOG\"; }\n" }.joined()
        let log = TemporaryFolder.root.appendingPathComponent("pushbook-sendit-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-c", stubs + script]
        process.currentDirectoryURL = folder
        process.environment = ["PATH": "/usr/bin:/bin", "STUB_LOG": log.path,
                               "APNS_JWT": "jwt-value", "DEVICE_TOKEN": "abc123", "ACCESS_TOKEN": "oauth-value", "PROJECT_ID": "demo-project",
                               "HOME": folder.path]
        try process.run()
        process.waitUntilExit()
        let data = (try? Data(contentsOf: log)) ?? Data()
        let calls = String(decoding: data, as: UTF8.self).components(separatedBy: "\0\n").filter { !$0.isEmpty }
            .map { $0.components(separatedBy: "\0") }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return (calls, files)
    }

    /// A view of a real delivery whose send headers are made from `headers`.
    static func view(headers: [String: String], fcm: Bool) -> ExampleView {
        let lint = Linter.lint(Array(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#.utf8), headers: [:])
        let record = NotificationDevice(app: .plain, manifest: FixtureManifest()).deliver(lint, makeExtension: nil, appSetUp: nil, onMessage: nil)
        var view = ExampleView(record: record, inputKind: fcm ? .fcmV1 : .apns, input: [], appName: "App")
        view.apns?.sendHeaders = ExampleView.sendHeaders(headers, payload: .object([("aps", .object([("alert", .string("Hi"))]))]))
        return view
    }

    @Test func everyWordIsQuotedSoThatBashPassesItLiterally() throws {
        for word in Self.hostileNames + Self.hostileValues + ["", "plain-word_1.2:3/4@5%6+7=8,9"] {
            let (calls, files) = try Self.run("curl " + ShellCommand.quote(.literal(word)))
            #expect(files.isEmpty, "running \(word.debugDescription) created \(files)")
            #expect(calls == [["curl", word]], "\(word.debugDescription) arrived as \(calls)")
        }
        #expect(ShellCommand.quote(.literal("image-with-extension.json")) == "image-with-extension.json")
        #expect(ShellCommand.quote(.withVariables("authorization: bearer ${APNS_JWT}")) == "\"authorization: bearer ${APNS_JWT}\"")
    }

    @Test func aWordWithVariablesExpandsOnlyItsVariables() throws {
        let (calls, files) = try Self.run("curl " + ShellCommand.quote(.withVariables("$(touch PWNED) `x` ${DEVICE_TOKEN} ${not a var} \"q\"")))
        #expect(files.isEmpty)
        #expect(calls == [["curl", "$(touch PWNED) `x` abc123 ${not a var} \"q\""]])
    }

    @Test func theCopiedCommandsSendApplesHeadersAndHostileNamesAndValuesStayLiteral() throws {
        for name in Self.hostileNames {
            var headers = ["apns-expiration": "1702592000", "apns-priority": "10"]
            for (i, value) in Self.hostileValues.enumerated() { headers["apns-collapse-id" + String(repeating: "x", count: i)] = value }
            let commands = SendItCommands(view: Self.view(headers: headers, fcm: true), name: name).all
            #expect(commands.count == 3)
            var calls: [[String]] = []
            for command in commands {
                let run = try Self.run(command.shell.text)
                #expect(run.files.isEmpty, "\(name.debugDescription): \(command.title) created \(run.files)")
                #expect(run.calls.count == 1, "\(name.debugDescription): \(command.title) made \(run.calls.count) calls")
                calls += run.calls
            }
            guard calls.count == 3 else { continue }
            #expect(calls[0] == ["xcrun", "simctl", "push", "booted", "com.example.app", name + ".apns"])
            let apns = calls[1]
            let sent = zip(apns, apns.dropFirst()).filter { $0.0 == "--header" }.map(\.1)
            #expect(sent.first == "authorization: bearer jwt-value")
            #expect(sent.contains("apns-push-type: alert") && sent.contains("apns-topic: com.example.app") && sent.contains("apns-priority: 10"))
            #expect(!sent.contains { $0.hasPrefix("apns-expiration") })
            for (i, value) in Self.hostileValues.enumerated() {
                #expect(sent.contains("apns-collapse-id" + String(repeating: "x", count: i) + ": " + value))
            }
            #expect(apns.contains("@" + name + ".json") && apns.last == "https://api.sandbox.push.apple.com/3/device/abc123")
            let fcm = calls[2]
            #expect(fcm.contains("Authorization: Bearer oauth-value") && fcm.contains("@" + name + ".fcm.json"))
            #expect(fcm.last == "https://fcm.googleapis.com/v1/projects/demo-project/messages:send")
        }
    }

    @Test func aSilentPushIsSentAsBackgroundWithPriorityFive() {
        let headers = ExampleView.sendHeaders([:], payload: .object([("aps", .object([("content-available", .number(JSONNumber(1), .none))]))]))
        #expect(headers.map(\.name) == ["apns-push-type", "apns-topic", "apns-priority"])
        #expect(headers.map(\.value) == ["background", "com.example.app", "5"])
        let given = ExampleView.sendHeaders(["apns-push-type": "voip", "apns-topic": "com.example.app.voip", "apns-priority": "5"], payload: .null)
        #expect(given.map(\.value) == ["voip", "com.example.app.voip", "5"])
    }
}
