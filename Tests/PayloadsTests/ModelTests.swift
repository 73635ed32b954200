import Testing
import Payloads

@Suite struct ModelTests {
    @Test func apsReadsEveryAppleKeyWithItsType() throws {
        let payload = APNsPayload(json: parse(#"""
        {"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B", "launch-image": "L", "title-loc-key": "TK",
                           "title-loc-args": ["a"], "subtitle-loc-key": "SK", "subtitle-loc-args": ["b"], "loc-key": "K", "loc-args": ["c", "d"]},
                 "badge": 3, "sound": {"critical": 1, "name": "default", "volume": 0.5}, "thread-id": "th", "category": "cat",
                 "content-available": 1, "mutable-content": 1, "target-content-id": "tc", "interruption-level": "time-sensitive",
                 "relevance-score": 0.25, "filter-criteria": "work", "extra": true},
         "custom": "v"}
        """#))
        let aps = try #require(payload.aps)
        guard case .dictionary(let alert)? = aps.alert else { Issue.record("alert should be a dictionary"); return }
        #expect(alert.title == "T" && alert.subtitle == "S" && alert.body == "B" && alert.launchImage == "L")
        #expect(alert.titleLocKey == "TK" && alert.titleLocArgs == ["a"] && alert.subtitleLocKey == "SK" && alert.subtitleLocArgs == ["b"])
        #expect(alert.locKey == "K" && alert.locArgs == ["c", "d"])
        #expect(aps.badge == 3)
        #expect(aps.sound == .critical(APNsCriticalSound(critical: 1, name: "default", volume: 0.5)))
        #expect(aps.threadID == "th" && aps.category == "cat" && aps.targetContentID == "tc" && aps.filterCriteria == "work")
        #expect(aps.isContentAvailable && aps.isMutable)
        #expect(aps.interruptionLevel == .timeSensitive)
        #expect(aps.relevanceScore == 0.25)
        #expect(aps.otherMembers.map(\.key) == ["extra"])
        #expect(payload.customMembers.map(\.key) == ["custom"])
    }

    /// `json.duplicate-key` says Pushbook reads the first of a repeated key; on 0149a3f the typed
    /// model kept the last while the device and the gate read the first.
    @Test("a repeated key in aps, its alert or its sound is read from its first member, as json.duplicate-key says")
    func repeatedKeysKeepTheFirst() {
        let aps = APNsPayload(json: parse(#"""
        {"aps": {"alert": {"title": "First", "title": "Second"}, "badge": 1, "badge": 2,
                 "sound": {"critical": 1, "name": "a.caf", "name": "b.caf"}, "mutable-content": 0, "mutable-content": 1}}
        """#)).aps
        #expect(aps?.alert?.title == "First")
        #expect(aps?.badge == 1)
        #expect(aps?.sound == .critical(APNsCriticalSound(critical: 1, name: "a.caf")))
        #expect(aps?.isMutable == false)
        #expect(ExtensionGate(payload: parse(#"{"aps": {"alert": "Hi", "mutable-content": 0, "mutable-content": 1}}"#), accepted: true).reason == .notMutable)
    }

    @Test func booleanFlagsAreNotNumbers() {
        let aps = APNsPayload(json: parse(#"{"aps": {"mutable-content": true, "content-available": "1"}}"#)).aps
        #expect(aps?.mutableContent == nil)
        #expect(aps?.isMutable == false)
        #expect(aps?.contentAvailable == nil)
    }

    @Test func stringAlertIsTheBody() {
        let aps = APNsPayload(json: parse(#"{"aps": {"alert": "Hello", "sound": "default"}}"#)).aps
        #expect(aps?.alert == .text("Hello"))
        #expect(aps?.alert?.body == "Hello")
        #expect(aps?.alert?.title == nil)
        #expect(aps?.sound == .named("default"))
    }

    @Test func headersAreCaseInsensitiveAndDefaultToPriority10() {
        let headers = APNsHeaders(["APNs-Push-Type": "background", "apns-collapse-id": "c"])
        #expect(headers.pushType == .background)
        #expect(headers.priority == nil)
        #expect(headers.effectivePriority == 10)
        #expect(headers.collapseID == "c")
        #expect(APNsHeaders(["apns-priority": "5"]).effectivePriority == 5)
    }

    @Test func fcmMessageReadsTargetsNotificationDataAndApns() {
        let body = parse(#"""
        {"validateOnly": true, "message": {"topic": "news", "notification": {"title": "T", "image": "https://example.com/i.png"},
          "data": {"k": "v"}, "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {}}, "fcmOptions": {"image": "https://example.com/j.png"}}}}
        """#)
        let request = FCMSendRequest(json: body)
        #expect(request?.validateOnly == true, "lowerCamelCase field names are accepted")
        #expect(request?.message.target == .topic("news"))
        #expect(request?.message.notification == FCMNotification(title: "T", body: nil, image: "https://example.com/i.png"))
        #expect(request?.message.data.map(\.key) == ["k"])
        #expect(request?.message.apns?.headers == ["apns-priority": "5"])
        #expect(request?.message.apns?.image == "https://example.com/j.png")
        #expect(request?.message.isDataOnly == false)
    }

    @Test func simulatorFileStripsItsBundleKey() {
        let file = SimulatorFile(json: parse(#"{"Simulator Target Bundle": "com.example.app", "aps": {"badge": 1}}"#))
        #expect(file?.targetBundle == "com.example.app")
        #expect(file?.payload.aps?.badge == 1)
        #expect(file?.devicePayload["Simulator Target Bundle"] == nil)
    }

    @Test func pathsRenderUnambiguously() {
        let path = JSONPath("message.data").appending("google.c.fid")
        #expect(path.description == #"message.data["google.c.fid"]"#)
        #expect(JSONPath("aps.alert").appending("loc-args").appending(index: 0).description == "aps.alert.loc-args[0]")
    }
}
