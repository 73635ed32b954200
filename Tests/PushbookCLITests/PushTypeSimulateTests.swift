import Foundation
import Payloads
import Testing

/// `simulate` follows the push-type table: who receives each push type, and what the user sees.
@Suite("simulate: who receives each push type")
struct PushTypeSimulateTests {
    static let pushTypes = APNsPushType.allCases.map(\.rawValue)

    /// The record `simulate` prints for the passing fixture of `type`, with its sidecar's headers.
    static func record(_ type: String, extra: [String] = []) throws -> [String: Any] {
        let base = "Tests/PayloadsTests/Fixtures/pushtypes/\(type).good"
        let sidecar = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent(base + ".headers"), encoding: .utf8)
        let headers = sidecar.split(separator: "\n").flatMap { ["--header", $0.replacingOccurrences(of: ": ", with: ":")] }
        let result = try CommandRunner.run(["simulate"] + extra + headers + [base + ".json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("the record names the receiver of the push type's table row", arguments: pushTypes)
    func recordNamesTheReceiver(_ type: String) throws {
        let record = try Self.record(type)
        let profile = PushTypeProfile.profile(for: try #require(APNsPushType(rawValue: type)))
        #expect(record["accepted"] as? Bool == true)
        #expect(record["receivedBy"] as? String == profile.receiver.rawValue)
        let extensionPart = try #require(record["extension"] as? [String: Any])
        let diagnostics = (record["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        if profile.isUserNotification {
            let delivered = try #require(record["delivered"] as? [String: Any])
            #expect(delivered["title"] as? String == "Order shipped")
        } else {
            #expect(record["delivered"] is NSNull, "a \(type) push shows no notification")
            #expect(extensionPart["invoked"] as? Bool == false, "a \(type) push never runs the service extension")
        }
        if profile.isUserNotification || type == "background" {
            #expect(!diagnostics.contains("push-type.\(type)"))
        } else {
            #expect(diagnostics.contains("push-type.\(type)"), "the record says where the push went: \(diagnostics)")
        }
    }

    @Test("a VoIP push with an alert and mutable-content runs no recipe extension and shows nothing")
    func voipPushNeverReachesTheExtension() throws {
        let push = Data(#"{"aps": {"alert": {"title": "Ann Lee", "body": "Incoming call"}, "mutable-content": 1}, "fcm_options": {"image": "https://images.example.com/sunset.jpg"}}"#.utf8)
        let result = try CommandRunner.run(["simulate", "--recipe", "fcm-image", "--header", "apns-push-type:voip", "--header", "apns-topic:com.example.app.voip", "-"], stdin: push)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["receivedBy"] as? String == "pushkit")
        #expect(record["delivered"] is NSNull)
        let extensionPart = try #require(record["extension"] as? [String: Any])
        #expect(extensionPart["invoked"] as? Bool == false)
        #expect((extensionPart["fetches"] as? [Any])?.isEmpty == true)
        let text = try CommandRunner.run(["simulate", "--format", "text", "--header", "apns-push-type:voip", "--header", "apns-topic:com.example.app.voip", "-"], stdin: push)
        #expect(text.stdout.contains("received by PushKit"))
        #expect(text.stdout.contains("nothing shown"))
    }
}
