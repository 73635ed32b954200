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
        let t = translate(body)
        let (request, diagnostics) = (t.request, t.diagnostics)
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
        let t = translate(body)
        let (request, diagnostics) = (t.request, t.diagnostics)
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
        #expect(translate(body).request.payload["fcm_options"]?["image"]?.stringValue == "https://example.com/apns.png")
    }

    @Test func dataOnlyMessageHasNoNotificationMarkerAndAnEmptyAps() {
        let body = parse(#"{"message": {"token": "t", "data": {"id": "1"}, "apns": {"headers": {"apns-priority": "5", "APNS-Push-Type": "background"}}}}"#)
        let request = translate(body).request
        #expect(JSONWriter.compact(request.payload) ==
            #"{"aps":{},"id":"1","gcm.message_id":"0:1700000000000000%0123456789abcdef","google.c.sender.id":"123456789012","google.c.fid":"fPushbookExampleFid000"}"#)
        #expect(request.headers["apns-priority"] == "5")
        #expect(request.headers["apns-push-type"] == "background", "header names are lowercased")
        #expect(request.headers["apns-expiration"] == FCMTranslator.defaultExpiration)
    }

    @Test func fcmDoesNotAddMutableContentForImages() {
        let body = parse(#"{"message": {"token": "t", "notification": {"title": "x", "image": "https://example.com/a.png"}}}"#)
        #expect(translate(body).request.payload["aps"]?["mutable-content"] == nil)
    }

    @Test func valuesKeepTheirLocationInTheFCMFile() {
        let body = parse("{\"message\": {\"token\": \"t\",\n  \"apns\": {\"payload\": {\"aps\": {\"badge\": 2}}}}}")
        let badge = translate(body).request.payload["aps"]?["badge"]
        #expect(badge?.location == SourceLocation(line: 2, column: 41))
    }

    @Test("the translation keeps the data's key order as written")
    func translationKeepsDataOrder() {
        let body = parse(#"{"message": {"token": "t", "notification": {"title": "x"}, "data": {"b": "1", "a": "2"}}}"#)
        #expect(JSONWriter.compact(translate(body).request.payload).contains(#""b":"1","a":"2""#), "data order kept")
    }

    @Test("apns.payload's keys keep their order and repeats, and its numbers their text as written")
    func payloadKeyOrderAndNumberTextAreKept() {
        let body = parse(#"{"message": {"apns": {"payload": {"z": 1.0, "aps": {"badge": 1e2}, "a": -0.50, "z": 2}}, "data": {"m": "1"}}}"#)
        #expect(JSONWriter.compact(translate(body).request.payload).hasPrefix(#"{"aps":{"badge":1e2},"z":1.0,"a":-0.50,"z":2,"m":"1","#))
    }

    @Test("the translation reads the typed message: a message made in code translates, and fcm_options spelled in camelCase is the source named")
    func typedMessageIsTranslated() {
        let message = FCMMessage(json: parse(#"{"notification": {"title": "T"}, "apns": {"fcmOptions": {"image": "https://example.com/c.png"}}}"#))
        let t = FCMTranslator.translate(message)
        #expect(t.request.payload["aps"]?["alert"]?["title"]?.stringValue == "T")
        #expect(t.sourceMap.source(of: JSONPath([.key("fcm_options")])) == "message.apns.fcmOptions", "the written spelling is the source")
        var made = FCMMessage(json: parse("{}"))
        made.notification = FCMNotification(title: "Made", image: "https://example.com/m.png")
        #expect(JSONWriter.compact(FCMTranslator.translate(made).request.payload).hasPrefix(#"{"aps":{"alert":{"title":"Made"}},"fcm_options":{"image":"https://example.com/m.png"}"#))
    }

    @Test("the header sources name each header as written, and a Live Activity token's push type comes from the token as spelled")
    func headerSourcesAreAsWritten() {
        let t = translate(parse(#"{"message": {"apns": {"headers": {"APNs-Collapse-ID": "c"}, "liveActivityToken": "tok"}}}"#))
        #expect(t.request.headers["apns-collapse-id"] == "c")
        #expect(t.headerSources["apns-collapse-id"] == "message.apns.headers.APNs-Collapse-ID")
        #expect(t.headerSources["apns-push-type"] == "message.apns.liveActivityToken")
        #expect(t.defaultedHeaders == ["apns-priority", "apns-expiration", "apns-push-type"])
    }

    /// The translation of a send body, read once into the typed message.
    private func translate(_ body: JSONValue) -> FCMTranslation { FCMTranslator.translate(FCMMessage(body: body)) }
}
