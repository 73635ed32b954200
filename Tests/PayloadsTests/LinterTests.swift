import Testing
import Payloads

@Suite struct LinterTests {
    @Test("the seed articles' payloads lint without errors", arguments: Fixture.files(in: "seeds"))
    func seedPayloadsLintClean(file: String) throws {
        let result = try #require(Fixture.lint("seeds/" + file))
        #expect(result.kind != nil)
        #expect(!result.hasErrors, "\(file): \(result.diagnostics.map { "\($0.location) \($0.rule): \($0.message)" })")
        #expect(result.accepted)
        #expect(result.request != nil)
    }

    @Test func detectsTheInputKindFromContent() {
        #expect(lint(#"{"message": {"token": "t", "notification": {"title": "x"}}}"#).kind == .fcmV1)
        #expect(lint(#"{"aps": {"alert": "x"}}"#).kind == .apns)
        #expect(lint(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "x"}}"#).kind == .simulator)
        let unknown = lint(#"{"to": "token", "notification": {"title": "x"}}"#)
        #expect(unknown.kind == nil)
        #expect(unknown.request == nil)
        #expect(unknown.diagnostics.map(\.rule) == ["input.kind"])
        #expect(unknown.diagnostics.first?.message.contains("legacy FCM") == true)
        #expect(unknown.accepted == false)
    }

    @Test func theSimulatorBundleKeyNeverReachesTheDevice() throws {
        let result = lint(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "x"}, "k": "v"}"#)
        let request = try #require(result.request)
        #expect(JSONWriter.compact(request.payload) == #"{"aps":{"alert":"x"},"k":"v"}"#)
        #expect(request.bytes == 29)
    }

    @Test func malformedJSONIsOneSyntaxErrorWithLineAndColumn() throws {
        let result = lint("{\n  \"aps\": {\n    \"alert\": \"Hi\",\n  }\n}\n")
        #expect(result.kind == nil)
        #expect(result.request == nil)
        #expect(!result.accepted)
        let d = try #require(result.diagnostics.first)
        #expect(result.diagnostics.filter { $0.severity == .error }.count == 1)
        // The trailing comma also gets the note on who refuses it and who may take it (json.not-strict).
        #expect(result.diagnostics.map(\.rule) == ["json.syntax", "json.not-strict"])
        #expect(result.diagnostics.last?.location == SourceLocation(line: 3, column: 18))
        #expect(d.rule == "json.syntax")
        #expect(d.severity == .error)
        #expect(d.location == SourceLocation(line: 4, column: 3))
        #expect(d.message == "trailing comma before '}' is not allowed")
        #expect(d.inFile("p.json").text == "p.json:4:3: error: trailing comma before '}' is not allowed [json.syntax]")
    }

    @Test func invalidUTF8GetsADiagnosticNotACrash() throws {
        let bytes = Array("{\"aps\": {\"alert\": \"caf".utf8) + [0xE9] + Array("\"}}".utf8)
        let result = Linter.lint(bytes)
        let d = try #require(result.diagnostics.first)
        #expect(d.rule == "json.syntax")
        #expect(d.message.contains("0xE9"))
        #expect(d.location == SourceLocation(line: 1, column: 23))
    }

    @Test func tenThousandLevelsOfNestingGetADiagnosticNotACrash() {
        let text = "{\"aps\": {\"alert\": \"x\"}, \"deep\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        let result = lint(text)
        #expect(result.diagnostics.map(\.rule) == ["json.syntax"])
        #expect(result.diagnostics.first?.message == "nesting deeper than 512 levels")
    }

    @Test func aOneMegabytePayloadIsReportedAsTooLarge() throws {
        let text = "{\"aps\": {\"alert\": \"x\"}, \"blob\": \"" + String(repeating: "a", count: 1_048_576) + "\"}"
        let result = lint(text)
        #expect(result.bytes > 1_048_576)
        let d = try #require(result.diagnostics.first { $0.rule == "apns.payload-too-large" })
        #expect(d.message.contains("over APNs' limit of 4096 bytes"))
        #expect(!result.accepted)
    }

    @Test func aOneMegabyteFCMMessageFullOfMistakesIsLintedQuickly() {
        var text = "{\"message\": {\"token\": \"t\", \"data\": {"
        var i = 0
        while text.utf8.count < 1_048_576 {
            text += "\"k\(i)\": \(i), \"google.k\(i)\": \"v\", "
            i += 1
        }
        text += "\"last\": \"x\"}}}"
        let clock = ContinuousClock()
        var result: LintResult?
        let elapsed = clock.measure { result = lint(text) }
        #expect(result?.diagnostics.filter { $0.rule == "fcm.data-value-not-string" }.count == i)
        #expect(result?.diagnostics.filter { $0.rule == "fcm.reserved-data-key" }.count == i)
        #expect(result?.accepted == false)
        #expect(elapsed < .seconds(10), "linear, not quadratic: \(elapsed)")
    }

    @Test func voipPushesMayCarry5120Bytes() {
        let text = "{\"aps\": {}, \"blob\": \"" + String(repeating: "a", count: 5000) + "\"}"
        #expect(lint(text).diagnostics.contains { $0.rule == "apns.payload-too-large" })
        #expect(!lint(text, headers: ["apns-push-type": "voip"]).diagnostics.contains { $0.rule == "apns.payload-too-large" })
        #expect(!lint(text, headers: ["APNs-Push-Type": "voip"]).diagnostics.contains { $0.rule == "apns.payload-too-large" }, "header names are case-insensitive")
    }

    @Test func fcmDiagnosticsPointIntoTheFCMFileWithItsPath() throws {
        let text = """
        {
          "message": {
            "token": "t",
            "notification": {"title": "Hi", "body": "There"},
            "data": {"count": 3},
            "apns": {
              "payload": {
                "aps": {"mutable_content": 1},
                "mutable-content": 1
              }
            }
          }
        }
        """
        let result = lint(text)
        let snake = try #require(result.diagnostics.first { $0.rule == "apns.snake-case-flag" })
        #expect(snake.location == SourceLocation(line: 8, column: 17))
        #expect(snake.path == "message.apns.payload.aps.mutable_content")
        let outside = try #require(result.diagnostics.first { $0.rule == "apns.mutable-content-outside-aps" })
        #expect(outside.location == SourceLocation(line: 9, column: 9))
        #expect(outside.path == "message.apns.payload.mutable-content")
        #expect(outside.message.contains("apns.payload.aps"))
        let data = try #require(result.diagnostics.first { $0.rule == "fcm.data-value-not-string" })
        #expect(data.location == SourceLocation(line: 5, column: 23))
        #expect(data.path == "message.data.count")
        #expect(data.message.contains(#"write "3""#))
        #expect(result.diagnostics.map(\.location) == result.diagnostics.map(\.location).sorted(), "sorted by location")
        #expect(!result.accepted, "FCM refuses a non-string data value")
    }

    @Test func extensionGateUsesTheTranslatedAlert() {
        let withNotification = lint(#"{"message": {"token": "t", "notification": {"body": "x"}, "apns": {"payload": {"aps": {"mutable-content": 1}}}}}"#)
        #expect(!withNotification.diagnostics.contains { $0.rule == "ios.extension-needs-alert" })
        let silent = lint(#"{"message": {"token": "t", "data": {"a": "b"}, "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"mutable-content": 1}}}}}"#)
        let d = silent.diagnostics.first { $0.rule == "ios.extension-needs-alert" }
        #expect(d?.path == "message.apns.payload.aps.mutable-content")
    }

    @Test("a data message that sets no priority is accepted (Firebase's own sample), sent at 5 and warned about; one that sets 10 is refused at its header")
    func dataOnlyPriorityFollowsFirebase() throws {
        let unset = lint("{\"message\": {\"token\": \"t\",\n \"data\": {\"a\": \"b\"}}}")
        #expect(unset.accepted)
        #expect(!unset.hasErrors, "\(unset.diagnostics.map(\.rule))")
        #expect(unset.request?.headers["apns-priority"] == FCMTranslator.defaultDataOnlyPriority)
        let warning = try #require(unset.diagnostics.first { $0.rule == "fcm.data-only-delivery" })
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(line: 2, column: 2), "at the data key")
        let high = lint("{\"message\": {\"token\": \"t\", \"data\": {\"a\": \"b\"},\n \"apns\": {\"headers\": {\"apns-priority\": \"10\"}}}}")
        #expect(!high.accepted)
        let d = try #require(high.diagnostics.first { $0.rule == "fcm.data-only-priority" })
        #expect(d.path == "message.apns.headers.apns-priority")
        #expect(d.location.line == 2)
        #expect(d.message.contains("INVALID_ARGUMENT"))
        let notification = lint(#"{"message": {"token": "t", "notification": {"title": "x"}}}"#)
        #expect(notification.request?.headers["apns-priority"] == FCMTranslator.defaultPriority, "notification messages keep FCM's default of 10")
    }

    @Test func stringAlertCountsAsVisibleTextForTheExtension() {
        #expect(!lint(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#).diagnostics.contains { $0.rule == "ios.extension-needs-alert" })
        #expect(lint(#"{"aps": {"alert": {"title": ""}, "mutable-content": 1}}"#).diagnostics.contains { $0.rule == "ios.extension-needs-alert" })
    }

    @Test func typeMessagesSayWhatToWrite() throws {
        let result = lint(#"{"aps": {"badge": "3", "sound": 1, "alert": {"loc-key": "K", "loc-args": ["a", 2]}}}"#)
        let messages = result.diagnostics.filter { $0.rule == "apns.aps-key-type" }.map(\.message)
        #expect(messages.contains("aps.badge must be a number, found a string (\"3\"); write 3 without quotes"))
        #expect(messages.contains("aps.sound must be a string or dictionary, found a number (1)"))
        #expect(messages.contains("aps.alert.loc-args must be an array of strings, found an array ([…])"))
    }

    @Test func misspelledKeysGetASuggestion() {
        let result = lint(#"{"aps": {"alert": "x", "thread_id": "t", "contentAvailable": 1}}"#)
        #expect(result.diagnostics.contains { $0.rule == "apns.custom-key-in-aps" && $0.message.contains("did you mean 'thread-id'?") })
        #expect(result.diagnostics.contains { $0.rule == "apns.snake-case-flag" && $0.path == "aps.contentAvailable" })
        #expect(!result.diagnostics.contains { $0.rule == "apns.custom-key-in-aps" && $0.path == "aps.contentAvailable" }, "one finding per mistake")
    }

    @Test func headerDiagnosticsOfARawPayloadHaveAHeaderPath() throws {
        let d = try #require(lint(#"{"aps": {"alert": "x"}}"#, headers: ["apns-priority": "7"]).diagnostics.first)
        #expect(d.rule == "apns.priority-value")
        #expect(d.path == "headers.apns-priority")
        #expect(d.location == .none)
    }

    @Test func gcmNotificationFlagIsReportedAsOutsideAps() {
        let result = lint(#"{"message": {"token": "t", "notification": {"title": "x"}, "data": {"gcm.notification.mutable-content": "1"}}}"#)
        #expect(result.diagnostics.map(\.rule).contains("apns.mutable-content-outside-aps"))
        #expect(!result.diagnostics.map(\.rule).contains("fcm.reserved-data-key"))
    }

    @Test func lintingIsDeterministic() {
        let text = #"{"message": {"token": "t", "topic": "/topics/x y", "data": {"from": 1, "google.x": "y"}}}"#
        #expect(lint(text).diagnostics == lint(text).diagnostics)
    }
}

@Suite struct ASCIIOnlyTests {
    @Test("an apns-id written with fullwidth digits is not a UUID: APNs wants ASCII hex")
    func fullwidthDigitsAreNotHex() {
        let ascii = lint(#"{"aps": {"alert": "Hi"}}"#, headers: ["apns-id": "123e4567-e89b-12d3-a456-426614174000"])
        #expect(!ascii.diagnostics.contains { $0.rule == "apns.id-format" })
        let fullwidth = lint(#"{"aps": {"alert": "Hi"}}"#, headers: ["apns-id": "１２３e4567-e89b-12d3-a456-426614174000"])
        #expect(fullwidth.diagnostics.contains { $0.rule == "apns.id-format" })
    }

    @Test("header names compare in ASCII case: APNS-Push-Type is apns-push-type, a Kelvin sign stays itself")
    func headerNamesAreLowercasedInASCII() {
        let result = lint(#"{"aps": {"content-available": 1}}"#, headers: ["APNS-Push-Type": "background", "APNS-Priority": "5"])
        #expect(result.request?.headers == ["apns-push-type": "background", "apns-priority": "5"])
        #expect(APNsHeaders(["\u{212A}": "x"]).raw == ["\u{212A}": "x"])
    }
}

/// A file that is not strict JSON: which consumer refuses it and which may accept it (`json.not-strict`).
@Suite struct NonStrictJSONTests {
    @Test("a trailing comma in a Simulator file: APNs and FCM refuse it, the Simulator's tools may accept it")
    func trailingCommaNamesConsumers() throws {
        let result = lint("{\"Simulator Target Bundle\": \"com.example.app\",\n \"aps\": {\"alert\": \"Hi\",}}")
        let note = try #require(result.diagnostics.first { $0.rule == "json.not-strict" })
        #expect(note.location == SourceLocation(line: 2, column: 23))
        #expect(note.message.contains("APNs refuses it"))
        #expect(note.message.contains("FCM's HTTP v1 API refuses it"))
        #expect(note.message.contains("xcrun simctl push and Xcode's drag-and-drop onto the Simulator may accept the trailing comma"))
        #expect(note.message.contains("without them the file is valid JSON"))
    }

    @Test("a comment: the Simulator's tools refuse it too (a modelling choice)")
    func commentIsRefusedEverywhere() throws {
        let result = lint("{\"aps\": {\"alert\": \"Hi\"} /* note */}")
        let note = try #require(result.diagnostics.first { $0.rule == "json.not-strict" })
        #expect(note.location == SourceLocation(line: 1, column: 25))
        #expect(note.message.contains("refuse the comments"))
    }

    @Test("commas and slashes inside strings are not leniencies; other syntax errors get no note")
    func stringsAreSkipped() {
        #expect(NonStrictJSON(Array(#"{"a": "x,}", "b": "//no"}"#.utf8)) == nil)
        #expect(!lint("{\"aps\": }").diagnostics.contains { $0.rule == "json.not-strict" })
        let scan = NonStrictJSON(Array("{\"a\": [1,], \"b\": 2,}".utf8))
        #expect(scan?.features.map(\.location) == [SourceLocation(line: 1, column: 9), SourceLocation(line: 1, column: 19)])
        #expect(scan?.readableWithoutThem == true)
    }
}
