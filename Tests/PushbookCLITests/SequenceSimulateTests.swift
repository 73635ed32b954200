import Foundation
import Testing

/// `simulate FILE FILE...`: several pushes to one device, in order; Notification Center and the
/// badge carry over from one push to the next.
@Suite("simulate: a sequence of pushes to one device")
struct SequenceSimulateTests {
    /// A folder holding `pushes` as 1.json, 2.json, …; returns it and the file paths.
    static func write(_ pushes: [String]) throws -> (folder: URL, files: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbook-sequence-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String] = []
        for (index, push) in pushes.enumerated() {
            let file = folder.appendingPathComponent("\(index + 1).json")
            try Data(push.utf8).write(to: file)
            files.append(file.path)
        }
        return (folder, files)
    }

    /// The records `simulate --format json` prints for `pushes` sent in order.
    static func records(_ pushes: [String], options: [String] = []) throws -> [[String: Any]] {
        let (folder, files) = try write(pushes)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["simulate"] + options + files)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stdout)")
    }

    /// What Notification Center holds after a push: (identifier, title) newest first, the badge, the stacks.
    static func center(_ record: [String: Any]) throws -> (notifications: [(String, String)], badge: Int, stacks: [(String, Int)]) {
        let part = try #require(record["notificationCenter"] as? [String: Any])
        let notifications = try #require(part["notifications"] as? [[String: Any]]).map { ($0["identifier"] as? String ?? "", $0["title"] as? String ?? "") }
        let stacks = try #require(part["stacks"] as? [[String: Any]]).map { ($0["thread"] as? String ?? "", $0["count"] as? Int ?? -1) }
        return (notifications, try #require(part["badge"] as? Int), stacks)
    }

    static func alert(_ title: String, thread: String? = nil, badge: Int? = nil) -> String {
        var aps = #""alert": {"title": "\#(title)", "body": "Body of \#(title)"}"#
        if let thread { aps += #", "thread-id": "\#(thread)""# }
        if let badge { aps += #", "badge": \#(badge)"# }
        return #"{"aps": {\#(aps)}}"#
    }

    @Test("two pushes print two records, and the second finds the first still in Notification Center, newest first")
    func twoPushesTwoRecords() throws {
        let records = try Self.records([Self.alert("First"), Self.alert("Second")])
        try #require(records.count == 2)
        #expect(try Self.center(records[0]).notifications.map(\.1) == ["First"])
        let after = try Self.center(records[1])
        #expect(after.notifications.map(\.0) == ["push-2", "push-1"])
        #expect(after.notifications.map(\.1) == ["Second", "First"])
    }

    @Test("pushes with the same apns-collapse-id replace one another: Notification Center holds the newest under that identifier")
    func collapseIDReplaces() throws {
        let records = try Self.records([Self.alert("Score 1–0"), Self.alert("Score 2–0"), Self.alert("Score 2–1")],
                                       options: ["--header", "apns-collapse-id:match-42"])
        try #require(records.count == 3)
        let after = try Self.center(records[2])
        #expect(after.notifications.map(\.0) == ["match-42"])
        #expect(after.notifications.map(\.1) == ["Score 2–1"])
    }

    @Test("an FCM message's own apns-collapse-id replaces only the notification with that id")
    func fcmCollapseIDPerMessage() throws {
        func message(_ title: String, collapse: String) -> String {
            #"{"message": {"token": "t", "notification": {"title": "\#(title)", "body": "b"}, "apns": {"headers": {"apns-collapse-id": "\#(collapse)"}}}}"#
        }
        let records = try Self.records([message("Order shipped", collapse: "order-1"), message("Chat", collapse: "chat"), message("Order delivered", collapse: "order-1")])
        #expect(try Self.center(records[2]).notifications.map(\.1) == ["Order delivered", "Chat"])
    }

    @Test("thread-id stacks the notifications: the stacks are ordered by each thread's newest notification")
    func threadsStack() throws {
        let records = try Self.records([Self.alert("Ann", thread: "ann"), Self.alert("Bob", thread: "bob"), Self.alert("Ann again", thread: "ann")])
        let after = try Self.center(records[2])
        #expect(after.stacks.map(\.0) == ["ann", "bob"])
        #expect(after.stacks.map(\.1) == [2, 1])
    }

    @Test("the badge a push sets carries over; a push without badge leaves it unchanged, and 0 clears it")
    func badgeCarriesOver() throws {
        let records = try Self.records([Self.alert("One", badge: 1), Self.alert("Three", badge: 3), Self.alert("None"), Self.alert("Read", badge: 0)])
        #expect(try records.map { try Self.center($0).badge } == [1, 3, 3, 0])
    }

    @Test("settings that turn badges off keep the badge at 0")
    func badgeOffInSettings() throws {
        let (folder, _) = try Self.write([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = folder.appendingPathComponent("settings.json")
        try Data(#"{"badgeSetting": "disabled"}"#.utf8).write(to: settings)
        let records = try Self.records([Self.alert("One", badge: 1), Self.alert("Two", badge: 2)], options: ["--settings", settings.path])
        #expect(try records.map { try Self.center($0).badge } == [0, 0])
    }

    @Test("a malformed second file is a file:line:column error with a non-zero exit, and the first push's record is still printed")
    func malformedSecondFile() throws {
        let (folder, files) = try Self.write([Self.alert("First"), "{\"aps\": {\"alert\": \"x\",}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["simulate"] + files)
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(files[1]):1:"), "\(result.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stdout)")
        #expect(records.count == 1)
        #expect((records.first?["delivered"] as? [String: Any])?["title"] as? String == "First")
    }

    @Test("one FILE prints one record without a notificationCenter part, as before")
    func singleRecordKeepsItsShape() throws {
        let (folder, files) = try Self.write([Self.alert("Only", badge: 2)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["simulate"] + files)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["notificationCenter"] == nil)
    }

    @Test("the text summary of a sequence names each push and what Notification Center holds after it")
    func textSummary() throws {
        let records = [Self.alert("Ann", thread: "ann", badge: 1), Self.alert("Bob", thread: "bob", badge: 2)]
        let (folder, files) = try Self.write(records)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["simulate", "--format", "text"] + files)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("push 1: \(files[0])"))
        #expect(result.stdout.contains("Notification Center: 2 notification(s) in bob ×1, ann ×1 · badge 2"), "\(result.stdout)")
    }

    @Test("--gap takes whole seconds; anything else is a usage error, and standard input can be given once", arguments: [["--gap=-1"], ["--gap", "soon"], ["-", "-"]])
    func badSequenceOptions(_ arguments: [String]) throws {
        let (folder, files) = try Self.write([Self.alert("First")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["simulate"] + arguments + files, stdin: Data(Self.alert("In").utf8))
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("--gap takes whole seconds") || result.stderr.contains("standard input can be one FILE"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a background push the app handles removes a notification shown earlier (the replace-and-remove recipe's app)")
    func backgroundPushRemoves() throws {
        let message = #"{"aps": {"alert": {"title": "Mina", "body": "Headlamp?"}, "thread-id": "room-mina"}, "messageId": "m-881"}"#
        let other = #"{"aps": {"alert": {"title": "Jun", "body": "Trailhead at 7"}}, "messageId": "m-882"}"#
        // An FCM message carries its own APNs headers, so one sequence can mix alerts and a background push.
        let deleted = #"{"message": {"token": "t", "data": {"deletedMessageId": "m-881"}, "apns": {"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#
        let records = try Self.records([message, other, deleted], options: ["--recipe", "replace-and-remove"])
        try #require(records.count == 3)
        #expect(try Self.center(records[1]).notifications.map(\.1) == ["Jun", "Mina"])
        #expect(records[2]["appWoken"] as? Bool == true)
        #expect(try Self.center(records[2]).notifications.map(\.1) == ["Jun"])
    }

    @Test("a count the extension keeps in the App Group carries over: three pushes show badges 1, 2, 3, and a tap resets it (the badge-count recipe)")
    func appGroupBadgeCounts() throws {
        let push = #"{"aps": {"alert": {"title": "Mina", "body": "Hi"}, "mutable-content": 1}}"#
        let (folder, files) = try Self.write([push, push, push])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["simulate", "--recipe", "badge-count", "--tap"] + files)
        #expect(result.status == 0, "\(result.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        try #require(records.count == 3)
        #expect(records.map { ($0["delivered"] as? [String: Any])?["badge"] as? Int } == [1, 2, 3])
        #expect(try records.map { try Self.center($0).badge } == [1, 2, 3])
        let response = try #require(records[2]["response"] as? [String: Any])
        #expect((response["notificationCenter"] as? [String: Any])?["badge"] as? Int == 0)
        // A new run is a new device: its App Group starts empty again.
        let again = try CommandRunner.run(["simulate", "--recipe", "badge-count", files[0]])
        let first = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect((first["delivered"] as? [String: Any])?["badge"] as? Int == 1)
    }
}
