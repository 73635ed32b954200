import Testing
import Payloads

@Suite struct FCMTranslatorTests {
    @Test func notificationBecomesAlertDataGoesTopLevelAndFCMKeysAreFixed() {
        let body = parse(#"""
        {"message": {"token": "t",
          "notification": {"title": "Hi", "body": "There", "image": "https://example.com/a.png"},
          "data": {"kind": "chat", "id": "7"},
          "apns": {"payload": {"aps": {"mutable-content": 1}, "custom": {"x": 1}}}}}
        """#)
        let (request, diagnostics) = FCMTranslator.translate(body)
        #expect(diagnostics.isEmpty)
        #expect(JSONWriter.compact(request.payload) ==
            #"{"aps":{"alert":{"title":"Hi","body":"There"},"mutable-content":1},"custom":{"x":1},"kind":"chat","id":"7","# +
            #""fcm_options":{"image":"https://example.com/a.png"},"gcm.message_id":"0:1700000000000000%0123456789abcdef","# +
            #""google.c.sender.id":"123456789012","google.c.fid":"fPushbookExampleFid000","gcm.n.e":"1"}"#)
        #expect(request.bytes == JSONWriter.compact(request.payload).utf8.count)
        #expect(request.headers == ["apns-priority": "10", "apns-expiration": "1702592000"])
    }

    @Test func payloadAlertWinsOverNotificationAndMissingPartsAreFilledIn() {
        let body = parse(#"""
        {"message": {"token": "t", "notification": {"title": "From notification", "body": "Body"},
          "apns": {"payload": {"aps": {"alert": {"title": "From payload"}}}}}}
        """#)
        let (request, diagnostics) = FCMTranslator.translate(body)
        #expect(request.payload["aps"]?["alert"]?["title"]?.stringValue == "From payload")
        #expect(request.payload["aps"]?["alert"]?["body"]?.stringValue == "Body")
        #expect(diagnostics.map(\.rule) == ["fcm.alert-overridden"])
        #expect(diagnostics.first?.path == "message.notification.title")
        #expect(diagnostics.first?.location == SourceLocation(line: 1, column: 45))
    }

    @Test func apnsImageOverridesNotificationImage() {
        let body = parse(#"""
        {"message": {"token": "t", "notification": {"title": "x", "image": "https://example.com/n.png"},
          "apns": {"fcm_options": {"image": "https://example.com/apns.png"}}}}
        """#)
        #expect(FCMTranslator.translate(body).request.payload["fcm_options"]?["image"]?.stringValue == "https://example.com/apns.png")
    }

    @Test func dataOnlyMessageHasNoNotificationMarkerAndAnEmptyAps() {
        let body = parse(#"{"message": {"token": "t", "data": {"id": "1"}, "apns": {"headers": {"apns-priority": "5", "APNS-Push-Type": "background"}}}}"#)
        let request = FCMTranslator.translate(body).request
        #expect(JSONWriter.compact(request.payload) ==
            #"{"aps":{},"id":"1","gcm.message_id":"0:1700000000000000%0123456789abcdef","google.c.sender.id":"123456789012","google.c.fid":"fPushbookExampleFid000"}"#)
        #expect(request.headers["apns-priority"] == "5")
        #expect(request.headers["apns-push-type"] == "background", "header names are lowercased")
        #expect(request.headers["apns-expiration"] == FCMTranslator.defaultExpiration)
    }

    @Test func fcmDoesNotAddMutableContentForImages() {
        let body = parse(#"{"message": {"token": "t", "notification": {"title": "x", "image": "https://example.com/a.png"}}}"#)
        #expect(FCMTranslator.translate(body).request.payload["aps"]?["mutable-content"] == nil)
    }

    @Test func valuesKeepTheirLocationInTheFCMFile() {
        let body = parse("{\"message\": {\"token\": \"t\",\n  \"apns\": {\"payload\": {\"aps\": {\"badge\": 2}}}}}")
        let badge = FCMTranslator.translate(body).request.payload["aps"]?["badge"]
        #expect(badge?.location == SourceLocation(line: 2, column: 41))
    }

    @Test("the translation keeps the data's key order as written")
    func translationKeepsDataOrder() {
        let body = parse(#"{"message": {"token": "t", "notification": {"title": "x"}, "data": {"b": "1", "a": "2"}}}"#)
        #expect(JSONWriter.compact(FCMTranslator.translate(body).request.payload).contains(#""b":"1","a":"2""#), "data order kept")
    }
}
