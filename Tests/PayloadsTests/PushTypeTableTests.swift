import Testing
import Payloads

/// The push-type table (Apple's "Sending notification requests to APNs"): one row per apns-push-type,
/// each with a fixture the linter accepts and one it refuses (Fixtures/pushtypes/<type>.good|bad.*).
@Suite struct PushTypeTableTests {
    static let pushTypes = APNsPushType.allCases.map(\.rawValue)

    @Test("every apns-push-type has exactly one row, and a catalogue entry naming its topic and receiver")
    func everyPushTypeHasARow() throws {
        #expect(PushTypeProfile.all.map(\.pushType.rawValue).sorted() == Self.pushTypes.sorted())
        for profile in PushTypeProfile.all {
            let entry = try #require(RuleCatalogue.rule("push-type.\(profile.pushType.rawValue)"))
            #expect(entry.summary.contains(profile.topicSuffix.isEmpty ? "apns-topic is" : profile.topicSuffix))
            #expect(entry.summary.contains(profile.receiver.name))
            #expect(entry.source.hasPrefix("https://developer.apple.com/"))
        }
    }

    @Test("the rows say what Apple says: suffixes, priorities, sizes, receivers, token-only types")
    func rowsHoldApplesFacts() {
        let row = PushTypeProfile.profile(for:)
        #expect(row(.voip).topic(forBundle: "com.example.app") == "com.example.app.voip")
        #expect(row(.liveactivity).topicSuffix == ".push-type.liveactivity")
        #expect(row(.complication).topicSuffix == ".complication")
        #expect(row(.pushtotalk).topicSuffix == ".voip-ptt")
        #expect(row(.mdm).topic(forBundle: "com.example.app") == nil)
        #expect(row(.background).priorities == [5])
        #expect(row(.liveactivity).priorities == [10, 5])
        #expect(row(.voip).byteLimit == 5120 && row(.alert).byteLimit == 4096)
        #expect(row(.voip).receiver == .pushKit && row(.liveactivity).receiver == .activityKit && row(.widgets).receiver == .widgetKit)
        #expect(PushTypeProfile.all.filter(\.tokenAuthenticationOnly).map(\.pushType) == [.liveactivity, .location])
        #expect(PushTypeProfile.all.filter(\.isUserNotification).map(\.pushType) == [.alert])
    }

    @Test("a topic's suffix names its push type, the longest suffix first")
    func topicSuffixNamesThePushType() {
        #expect(PushTypeProfile.pushType(ofTopic: "com.example.app.voip-ptt") == .pushtotalk)
        #expect(PushTypeProfile.pushType(ofTopic: "com.example.app.voip") == .voip)
        #expect(PushTypeProfile.pushType(ofTopic: "com.example.app.push-type.widgets") == .widgets)
        #expect(PushTypeProfile.pushType(ofTopic: "com.example.app") == nil)
        #expect(PushTypeProfile.pushType(ofTopic: ".voip") == nil, "a suffix alone is no bundle ID")
    }

    @Test("the passing fixture of a push type lints with no error and is accepted", arguments: pushTypes)
    func passingFixtureIsAccepted(_ type: String) throws {
        let result = try #require(Fixture.lint("pushtypes/\(type).good.json"))
        #expect(result.kind == .apns)
        #expect(!result.hasErrors, "\(result.diagnostics.map { "\($0.rule): \($0.message)" })")
        #expect(result.accepted)
    }

    @Test("the failing fixture of a push type gets an error, and is refused when APNs refuses it", arguments: pushTypes)
    func failingFixtureIsRefused(_ type: String) throws {
        let result = try #require(Fixture.lint("pushtypes/\(type).bad.json"))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty)
        // Apple calls priority 10 for a background push an error without saying APNs refuses it.
        let refusing = errors.filter { RuleCatalogue.rule($0.rule)?.refusesRequest == true }
        #expect(result.accepted == refusing.isEmpty, "\(errors.map(\.rule))")
        if type != "background" { #expect(!refusing.isEmpty, "\(errors.map(\.rule))") }
    }

    @Test("a payload without aps is an APNs payload when its push type needs none, and unknown otherwise")
    func payloadsWithoutAPSNeedAPushType() {
        #expect(lint(#"{"mdm": "8D3E"}"#, headers: ["apns-push-type": "mdm", "apns-topic": "com.apple.mgmt.External.1"]).kind == .apns)
        #expect(lint(#"{"mdm": "8D3E"}"#).kind == nil)
        #expect(lint(#"{"mdm": "8D3E"}"#, headers: ["apns-push-type": "alert"]).kind == nil)
    }

    @Test("with a bearer token every request needs a topic; with a certificate an alert push may leave it out")
    func bearerTokenNeedsATopic() {
        let alert = #"{"aps": {"alert": "Hi"}}"#
        #expect(lint(alert, headers: ["authorization": "bearer eyJhbGciOiJFUzI1NiJ9"]).diagnostics.contains { $0.rule == "apns.topic-missing" })
        #expect(!lint(alert, headers: ["apns-push-type": "alert"]).diagnostics.contains { $0.rule == "apns.topic-missing" })
    }

    @Test("FCM sets the topic itself: a Live Activity message without apns-topic is not refused for it")
    func fcmSetsTheTopic() {
        let body = #"{"message": {"token": "t", "apns": {"live_activity_token": "la", "payload": {"aps": {"timestamp": 1, "event": "update", "content-state": {"a": 1}}}}}}"#
        let result = lint(body)
        #expect(result.request?.headers["apns-push-type"] == "liveactivity")
        #expect(!result.diagnostics.contains { $0.rule.hasPrefix("apns.topic") })
    }
}

/// The playground's extension gate follows the push-type table too.
@Suite struct PushTypeGateTests {
    @Test("a VoIP or Live Activity push with an alert and mutable-content runs no extension, and the gate says where it went")
    func pushesThatAreNotNotificationsRunNoExtension() throws {
        let payload = parse(#"{"aps": {"alert": {"title": "Ann", "body": "Calling"}, "mutable-content": 1}}"#)
        for type in [APNsPushType.voip, .liveactivity, .widgets] {
            let gate = ExtensionGate(payload: payload, accepted: true, pushType: type)
            #expect(gate.reason == .notANotification)
            #expect(!gate.runs)
            #expect(gate.rule == "push-type.\(type.rawValue)")
            #expect(gate.explanation.contains(PushTypeProfile.profile(for: type).receiver.name))
        }
        #expect(ExtensionGate(payload: payload, accepted: true, pushType: .alert).runs)
        #expect(ExtensionGate(payload: payload, accepted: true).runs)
    }
}
