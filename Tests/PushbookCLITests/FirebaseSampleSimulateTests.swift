import Foundation
import Testing

/// `simulate` on Firebase's documented sample bodies (Tests/PayloadsTests/Fixtures/firebase, whose
/// provenance FirebaseSampleTests lists) gives what Firebase and Apple document.
@Suite("simulate: Firebase's documented sample bodies")
struct FirebaseSampleSimulateTests {
    /// The record of a sample, simulated with `arguments`.
    static func record(_ name: String, _ arguments: [String] = []) throws -> [String: Any] {
        let result = try CommandRunner.run(["simulate"] + arguments + ["Tests/PayloadsTests/Fixtures/firebase/\(name).json"])
        #expect(result.status == 0, "\(name): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("the notification message is shown with its title and body; its data keys reach userInfo")
    func notificationMessageIsShown() throws {
        for name in ["notification-message", "notification-and-data-message"] {
            let record = try Self.record(name)
            #expect(record["receivedBy"] as? String == "user-notifications")
            let delivered = try #require(record["delivered"] as? [String: Any])
            #expect(delivered["title"] as? String == "Portugal vs. Denmark")
            #expect(delivered["body"] as? String == "great match!")
            let userInfo = try #require(delivered["userInfo"] as? [String: Any])
            #expect((userInfo["Nick"] as? String == "Mario") == (name == "notification-and-data-message"))
        }
    }

    @Test("the image sample reaches the extension with fcm_options.image")
    func imageSampleReachesTheExtension() throws {
        let record = try Self.record("image")
        let part = try #require(record["extension"] as? [String: Any])
        #expect(part["invoked"] as? Bool == true)
        let delivered = try #require(record["delivered"] as? [String: Any])
        #expect(delivered["title"] as? String == "Sparky says hello!")
        let options = (delivered["userInfo"] as? [String: Any])?["fcm_options"] as? [String: Any]
        #expect(options?["image"] as? String == "https://foo.bar/pizza-monster.png")
    }

    @Test("the Live Activity samples start, update and end a Live Activity: ActivityKit, not a banner")
    func liveActivitySamplesGoToActivityKit() throws {
        for event in ["start", "update", "end"] {
            let record = try Self.record("live-activity-\(event)")
            #expect(record["accepted"] as? Bool == true)
            #expect(record["receivedBy"] as? String == "activitykit")
            #expect(record["delivered"] is NSNull)
            #expect((record["extension"] as? [String: Any])?["invoked"] as? Bool == false)
            let activity = try #require(record["liveActivity"] as? [String: Any], "\(event)")
            #expect(activity["event"] as? String == event)
            #expect(activity["applied"] as? Bool == true)
            #expect((activity["alert"] as? [String: Any])?["title"] as? String == "test title")
            #expect((activity["attributesType"] as? String == "DemoAttributes") == (event == "start"))
            #expect((activity["dismissalDate"] as? Int == 1700003600) == (event == "end"))
            let rules = (record["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
            #expect(rules.contains("ios.live-activity"))
        }
    }

    @Test("a Live Activity start without attributes is recorded as not applied")
    func incompleteStartIsNotApplied() throws {
        let push = Data(#"{"aps": {"timestamp": 1700000000, "event": "start", "content-state": {"demo": 1}}}"#.utf8)
        let result = try CommandRunner.run(["simulate", "--header", "apns-push-type:liveactivity", "--header",
                                            "apns-topic:com.example.app.push-type.liveactivity", "-"], stdin: push)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let activity = try #require(record["liveActivity"] as? [String: Any])
        #expect(activity["applied"] as? Bool == false)
        #expect(record["delivered"] is NSNull)
        let rules = (record["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(rules.contains("apns.live-activity-shape"))
    }
}
