import Foundation
import Testing

/// `simulate --tap`, `--action ID`, `--reply TEXT`: the user answers the notification the last push
/// showed, and the app's delegate gets the response (the chat-actions recipe's app: a Reply text
/// field and a Mark as read button in category MESSAGE).
@Suite("simulate: the user answers a notification")
struct ResponseSimulateTests {
    /// A chat message in category `category` (none when nil), as the chat-actions recipe's server sends it.
    static func message(category: String? = "MESSAGE", title: String = "Mina", messageID: String = "m-1") -> String {
        let line = category.map { #", "category": "\#($0)""# } ?? ""
        return #"{"aps": {"alert": {"title": "\#(title)", "body": "Still coming tonight?"}\#(line)}, "room": "harbour-climbers", "messageId": "\#(messageID)"}"#
    }

    /// Runs `simulate --recipe chat-actions` with `options` on `pushes` sent in order.
    static func run(_ pushes: [String], _ options: [String], recipe: String? = "chat-actions") throws -> CommandRunner.Result {
        let (folder, files) = try SequenceSimulateTests.write(pushes)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try CommandRunner.run(["simulate"] + (recipe.map { ["--recipe", $0] } ?? []) + options + files)
    }

    /// The last record's `response` part, from a run that must succeed.
    static func response(_ pushes: [String], _ options: [String]) throws -> (record: [String: Any], response: [String: Any]) {
        let result = try run(pushes, options)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let record = try #require((json as? [[String: Any]])?.last ?? json as? [String: Any], "\(result.stdout)")
        return (record, try #require(record["response"] as? [String: Any], "\(result.stdout)"))
    }

    @Test("a reply reaches the app's delegate as a text input response: its text, and the request the app then sends with it")
    func replyReachesTheApp() throws {
        let (record, response) = try Self.response([Self.message()], ["--reply", "On my way"])
        #expect(response["actionIdentifier"] as? String == "REPLY")
        #expect(response["actionTitle"] as? String == "Reply")
        #expect(response["userText"] as? String == "On my way")
        #expect(response["app"] as? String == "stayedInBackground")
        #expect(response["delegateMethod"] as? String == "userNotificationCenter(_:didReceive:withCompletionHandler:)")
        #expect(response["completed"] as? Bool == true)
        let fetches = try #require(response["fetches"] as? [[String: Any]])
        try #require(fetches.count == 1)
        #expect(fetches[0]["method"] as? String == "POST")
        #expect(fetches[0]["url"] as? String == "https://chat.example.com/api/rooms/harbour-climbers/messages")
        #expect(fetches[0]["status"] as? Int == 201)
        let body = try #require(fetches[0]["sentBody"] as? String)
        let sent = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
        #expect(sent == ["text": "On my way", "inReplyTo": "m-1"])
        #expect((record["diagnostics"] as? [Any])?.isEmpty == true, "\(record["diagnostics"] ?? "")")
    }

    @Test("an action button without .foreground leaves the app in the background; the delegate gets that action's identifier")
    func actionRunsInTheBackground() throws {
        let (_, response) = try Self.response([Self.message(messageID: "m-7")], ["--action", "MARK_READ"])
        #expect(response["actionIdentifier"] as? String == "MARK_READ")
        #expect(response["actionTitle"] as? String == "Mark as read")
        #expect(response["userText"] is NSNull)
        #expect(response["app"] as? String == "stayedInBackground")
        let fetches = try #require(response["fetches"] as? [[String: Any]])
        #expect(fetches.map { $0["url"] as? String } == ["https://chat.example.com/api/rooms/harbour-climbers/read"])
        #expect(fetches.first?["sentBody"] as? String == #"{"upTo":"m-7"}"#)
    }

    @Test("a tap is the default action: iOS brings a background app forward, and the delegate gets UNNotificationDefaultActionIdentifier")
    func tapBringsTheAppForward() throws {
        let (_, response) = try Self.response([Self.message()], ["--tap", "--app-state", "background"])
        #expect(response["actionIdentifier"] as? String == "com.apple.UNNotificationDefaultActionIdentifier")
        #expect(response["actionTitle"] is NSNull)
        #expect(response["app"] as? String == "broughtForward")
        #expect((response["fetches"] as? [Any])?.isEmpty == true)
    }

    @Test("an app that is not running is launched for the answer: its launch code sets the delegate again, which then gets the response")
    func notRunningAppIsLaunched() throws {
        let (_, tapped) = try Self.response([Self.message()], ["--tap", "--app-state", "not-running"])
        #expect(tapped["app"] as? String == "launched")
        #expect(tapped["appState"] as? String == "not-running")
        #expect(tapped["delegateMethod"] as? String == "userNotificationCenter(_:didReceive:withCompletionHandler:)")
        let (_, marked) = try Self.response([Self.message()], ["--action", "MARK_READ", "--app-state", "not-running"])
        #expect(marked["app"] as? String == "launchedInBackground")
        #expect(marked["completed"] as? Bool == true)
        #expect((marked["fetches"] as? [Any])?.count == 1)
    }

    @Test("the answered notification leaves Notification Center; the others of the sequence stay")
    func answeredNotificationLeavesNotificationCenter() throws {
        let (_, response) = try Self.response([Self.message(title: "Ann", messageID: "m-1"), Self.message(title: "Bob", messageID: "m-2")],
                                              ["--reply", "Yes"])
        #expect(response["notification"] as? String == "push-2")
        let center = try #require(response["notificationCenter"] as? [String: Any])
        let left = try #require(center["notifications"] as? [[String: Any]])
        #expect(left.map { $0["identifier"] as? String } == ["push-1"])
        #expect(left.map { $0["title"] as? String } == ["Ann"])
    }

    @Test("the delivered notification lists its category's buttons in order, and a push without a category has none")
    func deliveredListsTheButtons() throws {
        let result = try Self.run([Self.message()], [])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let actions = try #require((record["delivered"] as? [String: Any])?["actions"] as? [[String: Any]])
        #expect(actions.map { $0["identifier"] as? String } == ["REPLY", "MARK_READ"])
        #expect(actions.map { $0["textInput"] as? Bool } == [true, false])
        let plain = try Self.run([Self.message(category: nil)], [])
        let plainRecord = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        #expect((plainRecord["delivered"] as? [String: Any])?["actions"] == nil)
    }

    @Test("an action that is not in the notification's category is refused with exit 1, naming the category's actions; the record is still printed")
    func unknownActionIsRefused() throws {
        let result = try Self.run([Self.message()], ["--action", "ARCHIVE"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("category 'MESSAGE' has no action 'ARCHIVE' (its actions: REPLY, MARK_READ)"), "\(result.stderr)")
        #expect(result.stderr.contains("[simulate.answer]"))
        #expect(result.stderr.contains(".json:1:1: error:"), "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["delivered"] is [String: Any])
        #expect(record["response"] == nil)
    }

    @Test("a push without a category, or with one the app never registered, shows no buttons: only --tap answers it")
    func noCategoryOnlyTaps() throws {
        for category in [nil, "CHAT"] as [String?] {
            let refused = try Self.run([Self.message(category: category)], ["--action", "MARK_READ"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("only --tap answers it"), "\(refused.stderr)")
            let tapped = try Self.run([Self.message(category: category)], ["--tap"])
            #expect(tapped.status == 0, "\(tapped.stderr)")
        }
    }

    @Test("--action on a text input action asks for --reply, and --reply without a text input action is refused")
    func textActionNeedsReply() throws {
        let viaAction = try Self.run([Self.message()], ["--action", "REPLY"])
        #expect(viaAction.status == 1)
        #expect(viaAction.stderr.contains("'REPLY' is a text input action: answer it with --reply TEXT"), "\(viaAction.stderr)")
        let wrongName = try Self.run([Self.message()], ["--reply", "x", "--action", "MARK_READ"])
        #expect(wrongName.status == 1)
        #expect(wrongName.stderr.contains("has no text input action 'MARK_READ'"), "\(wrongName.stderr)")
    }

    @Test("nothing shown, nothing to answer: a push without an alert refuses --tap with exit 1")
    func nothingShownIsRefused() throws {
        let result = try Self.run([#"{"aps": {"content-available": 1}, "room": "r"}"#], ["--tap", "--header", "apns-push-type:background", "--header", "apns-priority:5"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the last push showed no notification"), "\(result.stderr)")
    }

    @Test("a push held for the Scheduled Summary shows nothing yet: --tap is refused with exit 1, and the text record says where it waits")
    func heldForTheSummaryIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbook-summary-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = folder.appendingPathComponent("settings.json")
        try Data(#"{"scheduledDeliverySetting": "enabled"}"#.utf8).write(to: settings)
        let refused = try Self.run([Self.message(category: nil)], ["--tap", "--settings", settings.path], recipe: nil)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the last push showed no notification"), "\(refused.stderr)")
        let text = try Self.run([Self.message(category: nil)], ["--settings", settings.path, "--format", "text"], recipe: nil)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("held for the Scheduled Summary"), "\(text.stdout)")
    }

    @Test("--tap with --action is a usage error (exit 2): the user gives one answer")
    func tapAndActionConflict() throws {
        let result = try Self.run([Self.message()], ["--tap", "--action", "MARK_READ"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("give --tap, --action ID or --reply TEXT: one answer to the notification"))
        #expect(result.stdout.isEmpty)
    }

    @Test("without an app delegate the answer reaches no one: the response says so and a warning names the rule")
    func noDelegateIsAWarning() throws {
        let result = try Self.run([Self.message(category: nil)], ["--tap"], recipe: nil)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let response = try #require(record["response"] as? [String: Any])
        #expect(response["delegateMethod"] is NSNull)
        #expect(response["completed"] as? Bool == false)
        let rules = (record["diagnostics"] as? [[String: Any]] ?? []).map { $0["rule"] as? String }
        #expect(rules.contains("ios.notification-response"), "\(rules)")
    }
}
