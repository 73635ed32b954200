import Foundation
import Testing
import Payloads

/// The FCM → APNs translation of every FCM message in the repository (the recipes' examples and the
/// test fixtures) and of messages written to reach each corner of it (repeated keys, values of the wrong
/// type, camelCase names, a payload that is not an object), against a golden file
/// (`Fixtures/fcm-translations.txt`; set PUSHBOOK_UPDATE_GOLDEN=1 to rewrite it, then review the diff).
/// Each translation lists the payload as written, where every key and value of it comes from in the
/// file, the headers and their sources, the keys FCM added, the source map and the findings.
@Suite struct FCMTranslationGoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let golden = repository.appendingPathComponent("Tests/PayloadsTests/Fixtures/fcm-translations.txt")

    /// Messages that reach the translation's corners, by name.
    static let corners: [(String, String)] = [
        ("empty message", #"{"message": {}}"#),
        ("message that is not an object", #"{"message": "token"}"#),
        ("payload that is not an object", #"{"message": {"token": "t", "notification": {"title": "T"}, "apns": {"payload": "x"}}}"#),
        ("apns that is not an object", #"{"message": {"token": "t", "apns": [1], "data": {"k": "v"}}}"#),
        ("notification that is not an object", #"{"message": {"token": "t", "notification": "n"}}"#),
        ("repeated title, the first not a string", #"{"message": {"notification": {"title": 1, "title": "second", "body": "b", "body": "b2"}}}"#),
        ("text of the wrong type", #"{"message": {"notification": {"title": 7, "body": null, "image": 5}}}"#),
        ("string alert drops the notification text", #"{"message": {"notification": {"title": "T", "body": "B"}, "apns": {"payload": {"aps": {"alert": "whole"}}}}}"#),
        ("alert that is not an object or a string", #"{"message": {"notification": {"title": "T"}, "apns": {"payload": {"aps": {"alert": 3}}}}}"#),
        ("aps that is not an object", #"{"message": {"notification": {"title": "T"}, "apns": {"payload": {"aps": 1, "x": 2}}}}"#),
        ("payload keys in their order, repeated keys kept, numbers as written",
         #"{"message": {"apns": {"payload": {"z": 1.0, "aps": {"badge": 1e2, "sound": "s"}, "a": -0.50, "z": 2, "aps": {"badge": 9}}}}}"#),
        ("data keys: repeated, taken by the payload, taken by FCM, not strings",
         #"{"message": {"data": {"k": "1", "k": "2", "aps": "x", "custom": "c", "gcm.message_id": "mine", "n": 5}, "apns": {"payload": {"aps": {}, "custom": {"deep": [1, {"a": 2}]}}}}}"#),
        ("fcm_options already in the payload", #"{"message": {"notification": {"image": "https://example.com/n.png"}, "apns": {"payload": {"fcm_options": {"mine": 1}}}}}"#),
        ("fcmOptions in camelCase, image of the wrong type", #"{"message": {"notification": {"image": "https://example.com/n.png"}, "apns": {"fcmOptions": {"image": 4}}}}"#),
        ("both spellings of fcm_options", #"{"message": {"apns": {"fcmOptions": {"image": "https://example.com/c.png"}, "fcm_options": {"analytics_label": "l"}}, "notification": {"image": "https://example.com/n.png"}}}"#),
        ("headers: names lowercased, repeated, not strings", #"{"message": {"apns": {"headers": {"APNs-Priority": "5", "apns-priority": "10", "apns-topic": 1, "Apns-Expiration": "0"}}}}"#),
        ("live activity token in camelCase", #"{"message": {"apns": {"liveActivityToken": "tok", "payload": {"aps": {"event": "update"}}}}}"#),
        ("live activity token with a push type", #"{"message": {"apns": {"live_activity_token": "tok", "headers": {"apns-push-type": "alert"}}}}"#),
        ("live activity token that is not a string", #"{"message": {"apns": {"live_activity_token": 1}}}"#),
        ("data-only message", #"{"message": {"token": "t", "data": {"id": "1"}}}"#),
        ("alert only in the payload is not data-only", #"{"message": {"apns": {"payload": {"aps": {"alert": {"body": "b"}}}}}}"#),
        ("FCM keys already in the payload", #"{"message": {"notification": {"body": "b"}, "apns": {"payload": {"gcm.n.e": "0", "google.c.fid": "f"}}}}"#),
        ("multi-line message with locations", "{\"message\": {\n  \"notification\": {\n    \"title\": \"T\",\n    \"body\": \"B\"},\n  \"apns\": {\"payload\": {\"aps\": {\"alert\": {\"subtitle\": \"S\"}}}}}}"),
    ]

    /// The FCM messages in the repository: recipe examples and test fixtures, by path from the repository.
    static func repositoryMessages() throws -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        for folder in ["Recipes", "Tests/PayloadsTests/Fixtures"] {
            let base = repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".json") {
                if folder == "Recipes", !relative.contains("/examples/") { continue }
                let bytes = [UInt8](try Data(contentsOf: base.appendingPathComponent(relative)))
                guard let document = try? JSONReader.parse(bytes).get(), InputKind.detect(document) == .fcmV1 else { continue }
                out.append(("\(folder)/\(relative)", bytes))
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The translation of a send body.
    static func translation(of body: JSONValue) -> FCMTranslation {
        FCMTranslator.translate(FCMMessage(body: body))
    }

    /// Every fact of a translation, one per line.
    static func describe(_ t: FCMTranslation) -> [String] {
        var lines = ["payload \(JSONWriter.compact(t.request.payload)) · \(t.request.bytes) bytes · at \(t.request.payload.location)"]
        func walk(_ value: JSONValue, _ path: JSONPath) {
            switch value {
            case .object(let members, _):
                for m in members {
                    lines.append("  \(path.appending(m.key)) key \(m.keyLocation) value \(m.value.location)")
                    walk(m.value, path.appending(m.key))
                }
            case .array(let elements, _):
                for (index, element) in elements.enumerated() {
                    lines.append("  \(path.appending(index: index)) value \(element.location)")
                    walk(element, path.appending(index: index))
                }
            default: break
            }
        }
        walk(t.request.payload, .root)
        for (name, value) in t.request.headers.sorted(by: { $0.key < $1.key }) {
            lines.append("header \(name): \(value) ← \(t.headerSources[name]?.description ?? "-")\(t.defaultedHeaders.contains(name) ? " (defaulted)" : "")")
        }
        for name in t.headerSources.keys.sorted() where t.request.headers[name] == nil { lines.append("header source without a header \(name)") }
        lines.append("added \(t.addedKeys.joined(separator: ", "))")
        for (payload, source) in t.sourceMap.entries.sorted(by: { $0.key.description < $1.key.description }) {
            lines.append("map \(payload.description.isEmpty ? "(root)" : payload.description) ← \(source)")
        }
        for d in t.diagnostics { lines.append("finding \(d.rule) \(d.severity) \(d.path.isEmpty ? "-" : d.path) at \(d.location): \(d.message)") }
        return lines
    }

    @Test("every FCM message in the repository, and each corner of the translation, translates as the golden file says")
    func translationsMatchTheGoldenFile() throws {
        var lines: [String] = []
        for (path, bytes) in try Self.repositoryMessages() {
            lines.append("== \(path)")
            lines += Self.describe(Self.translation(of: try JSONReader.parse(bytes).get()))
        }
        for (name, text) in Self.corners {
            lines.append("== corner: \(name)")
            lines += Self.describe(Self.translation(of: try JSONReader.parse(Array(text.utf8)).get()))
        }
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["PUSHBOOK_UPDATE_GOLDEN"] == "1" {
            try text.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        let want = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(text == want, "the translation differs from Fixtures/fcm-translations.txt")
        #expect(try Self.repositoryMessages().count >= 40, "the repository's FCM messages are found")
    }
}
