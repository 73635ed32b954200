import Testing
import Payloads

/// Firebase's documented sample bodies (Fixtures/firebase/) lint as Firebase documents them.
///
/// - `notification-message`, `notification-and-data-message`, `data-message`: "Set the message type",
///   https://firebase.google.com/docs/cloud-messaging/customize-messages/set-message-type
/// - `image`: the image sample of https://firebase.google.com/docs/cloud-messaging/customize-messages/cross-platform
///   (the same body is on ios/send-image) with the trailing comma after the title removed;
///   `image-verbatim` is the sample as published, which is not strict JSON.
/// - `live-activity-start`, `-update`, `-end`: https://firebase.google.com/docs/cloud-messaging/ios/live-activity,
///   with the unquoted placeholders TIMESTAMP and DISMISSAL_DATE replaced by 1700000000 and 1700003600.
@Suite struct FirebaseSampleTests {
    static let samples = ["notification-message", "notification-and-data-message", "data-message", "image",
                          "live-activity-start", "live-activity-update", "live-activity-end"]

    @Test("Firebase's documented sample body lints with no error and is accepted", arguments: samples)
    func sampleLintsWithoutError(_ name: String) throws {
        let result = try #require(Fixture.lint("firebase/\(name).json"))
        #expect(result.kind == .fcmV1)
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map { "\($0.rule): \($0.message)" })")
        #expect(result.accepted)
    }

    @Test("a Live Activity sample becomes a liveactivity push at priority 10, and no priority rule fires")
    func liveActivitySamplesAreLiveActivityPushes() throws {
        for event in ["start", "update", "end"] {
            let result = try #require(Fixture.lint("firebase/live-activity-\(event).json"))
            #expect(result.request?.headers["apns-push-type"] == "liveactivity")
            #expect(result.request?.headers["apns-priority"] == "10")
            #expect(!result.diagnostics.contains { $0.rule.contains("priority") }, "\(result.diagnostics.map(\.rule))")
            #expect(result.request?.payload["aps"]?["event"]?.stringValue == event)
        }
    }
}

/// What people paste from the Admin SDKs into a REST body gets a diagnostic naming the REST spelling.
@Suite struct AdminSDKSpellingTests {
    @Test("imageUrl, in notification or apns.fcmOptions, is refused and the message names image")
    func imageURLNamesTheRESTField() throws {
        for body in [#"{"message": {"token": "t", "notification": {"title": "Hi", "imageUrl": "https://a.example/x.png"}}}"#,
                     #"{"message": {"token": "t", "notification": {"title": "Hi"}, "apns": {"fcm_options": {"imageUrl": "https://a.example/x.png"}}}}"#] {
            let result = lint(body)
            let d = try #require(result.diagnostics.first { $0.rule == "fcm.admin-sdk-field" })
            #expect(d.message.contains("\"image\""))
            #expect(!result.accepted)
            #expect(!result.diagnostics.contains { $0.rule == "fcm.unknown-field" }, "reported once")
        }
    }

    @Test("mutableContent, contentAvailable and locKey inside aps name Apple's key and are not reported twice")
    func apsSpellingsNameApplesKey() throws {
        let result = lint(#"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": {"title": "Hi", "locKey": "K"}, "mutableContent": true, "contentAvailable": true}}}}}"#)
        let found = result.diagnostics.filter { $0.rule == "fcm.admin-sdk-aps-key" }.map(\.message)
        #expect(found.count == 3)
        #expect(found.contains { $0.contains("\"mutable-content\": 1") })
        #expect(found.contains { $0.contains("\"content-available\": 1") })
        #expect(found.contains { $0.contains("\"loc-key\"") })
        #expect(!result.diagnostics.contains { $0.rule == "apns.snake-case-flag" || $0.rule == "apns.custom-key-in-aps" })
        #expect(result.accepted, "FCM passes apns.payload on as written")
    }

    @Test("fcmOptions and analyticsLabel are camelCase proto field names FCM accepts")
    func camelCaseProtoFieldsAreAccepted() {
        let result = lint(#"{"message": {"token": "t", "notification": {"title": "Hi"}, "fcmOptions": {"analyticsLabel": "x"}, "apns": {"fcmOptions": {"image": "https://a.example/x.png"}, "payload": {"aps": {"mutable-content": 1}}}}}"#)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.rule))")
        #expect(result.request?.payload["fcm_options"]?["image"]?.stringValue == "https://a.example/x.png")
    }

    @Test("mutable-content written as a header in apns.headers is not a header: the flag goes in apns.payload.aps")
    func mutableContentHeaderIsReported() throws {
        let result = lint(#"{"message": {"token": "t", "notification": {"title": "Hi", "image": "https://a.example/x.png"}, "apns": {"headers": {"mutable-content": "1"}}}}"#)
        let d = try #require(result.diagnostics.first { $0.rule == "apns.mutable-content-outside-aps" })
        #expect(d.path == "message.apns.headers.mutable-content")
        let fine = lint(#"{"message": {"token": "t", "notification": {"title": "Hi"}, "apns": {"headers": {"mutable-content": "1"}, "payload": {"aps": {"mutable-content": 1}}}}}"#)
        #expect(!fine.diagnostics.contains { $0.rule == "apns.mutable-content-outside-aps" })
    }
}
