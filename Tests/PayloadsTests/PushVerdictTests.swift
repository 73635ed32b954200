import Testing
import Payloads

/// What the playground shows beside the diagnostics: the gate's reason and the request's figures.
@Suite struct PushVerdictTests {
    static func gate(_ json: String, accepted: Bool = true) -> ExtensionGate.Reason {
        ExtensionGate(payload: parse(json), accepted: accepted).reason
    }

    @Test("the extension runs only for mutable-content 1 with alert text, and each other case says why")
    func gateReasons() {
        #expect(Self.gate(#"{"aps": {"alert": {"title": "Hi"}, "mutable-content": 1}}"#) == .runs)
        #expect(Self.gate(#"{"aps": {"alert": "Hi", "mutable-content": 1.0}}"#) == .runs)
        #expect(Self.gate(#"{"aps": {"alert": {"loc-key": "GREETING"}, "mutable-content": 1}}"#) == .runs)
        #expect(Self.gate(#"{"aps": {"alert": {"title": "Hi"}, "mutable-content": 1}}"#, accepted: false) == .refused)
        #expect(Self.gate(#"{"aps": {"content-available": 1}}"#) == .backgroundPush)
        #expect(Self.gate(#"{"aps": {}, "data": 1}"#) == .nothingToShow)
        #expect(Self.gate(#"{"aps": {"alert": {"title": "Hi"}, "mutable-content": true}}"#) == .notMutable)
        #expect(Self.gate(#"{"aps": {"alert": {"title": "Hi"}}}"#) == .notMutable)
        #expect(Self.gate(#"{"aps": {"badge": 1, "mutable-content": 1}}"#) == .noAlertText)
        #expect(Self.gate(#"{"aps": {"alert": {"title": ""}, "sound": "default", "mutable-content": 1}}"#) == .noAlertText)
        // A repeated key: the first one counts, as json.duplicate-key documents.
        #expect(Self.gate(#"{"aps": {"alert": "Hi", "mutable-content": 1, "mutable-content": 0}}"#) == .runs)
    }

    @Test("an FCM message's verdict has the APNs request FCM sends, both byte counts and the gate")
    func fcmVerdict() throws {
        let result = lint(#"{"message": {"token": "t", "notification": {"title": "Hi", "body": "There"}, "apns": {"payload": {"aps": {"mutable-content": 1}}}}}"#)
        let json = PushVerdict(result).json
        #expect(json["accepted"]?.boolValue == true)
        #expect(json["kind"]?.stringValue == "fcm-v1")
        let apns = try #require(json["apns"])
        #expect(apns["limit"] == .int(4096))
        #expect(apns["bytes"] == .int(try #require(result.request).bytes))
        #expect(apns["payload"]?.stringValue?.hasPrefix("{\n  \"aps\": {\n    \"alert\": {") == true)
        let headerNames = apns["headers"]?.arrayValue?.compactMap { $0.arrayValue?.first?.stringValue }
        #expect(headerNames == ["apns-expiration", "apns-priority"])
        let fcm = try #require(json["fcm"])
        #expect(fcm["limit"] == .int(4096))
        #expect((fcm["bytes"]?.numberValue?.intValue ?? 0) < (apns["bytes"]?.numberValue?.intValue ?? 0), "FCM does not count its own keys")
        #expect(json["extension"]?["runs"]?.boolValue == true)
        #expect(json["extension"]?["rule"]?.stringValue == "ios.extension-gate")
    }

    @Test("a VoIP push is measured against 5120 bytes; an input that is no push has no request")
    func limitsAndNoPush() {
        let voip = PushVerdict(lint(#"{"aps": {"alert": "Call"}}"#, headers: ["apns-push-type": "voip"])).json
        #expect(voip["apns"]?["limit"] == .int(5120))
        #expect(voip["fcm"] == .null)
        let none = PushVerdict(lint("[1, 2]")).json
        #expect(none["apns"] == .null && none["extension"] == .null && none["accepted"]?.boolValue == false)
    }
}
