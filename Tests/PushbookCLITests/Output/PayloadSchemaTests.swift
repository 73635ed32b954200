import Foundation
import Testing
import Payloads

/// `pushbook schema apns|fcm`: JSON Schemas (draft 2020-12) that agree with the linter.
@Suite("pushbook schema: JSON Schemas of the payloads")
struct PayloadSchemaTests {
    /// The two schemas, written to a scratch folder.
    static func schemas() throws -> (folder: URL, apns: URL, fcm: URL) {
        let folder = try LintOutputFormatTests.scratch([:])
        var urls: [URL] = []
        for kind in ["apns", "fcm"] {
            let run = try CommandRunner.run(["schema", kind])
            #expect(run.status == 0 && run.stderr.isEmpty)
            let url = folder.appendingPathComponent("\(kind).schema.json")
            try Data(run.stdout.utf8).write(to: url)
            urls.append(url)
        }
        return (folder, urls[0], urls[1])
    }

    /// What `lint --format json` says of each file: its kind and the ids of its errors and warnings.
    static func lint(_ files: [String], in folder: URL = CommandRunner.packageRoot) throws -> [(kind: String?, errors: Set<String>, all: Set<String>)] {
        let run = try CommandRunner.run(["lint", "--format", "json"] + files, in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (report["files"] as? [[String: Any]] ?? []).map { file in
            let diagnostics = file["diagnostics"] as? [[String: Any]] ?? []
            let errors = Set(diagnostics.filter { $0["severity"] as? String == "error" }.compactMap { $0["rule"] as? String })
            return (file["kind"] as? String, errors, Set(diagnostics.compactMap { $0["rule"] as? String }))
        }
    }

    @Test("both schemas are draft 2020-12 and valid against its meta-schema, the same bytes every time")
    func schemasAreValid() throws {
        let (folder, apns, fcm) = try Self.schemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        for schema in [apns, fcm] {
            let text = try String(contentsOf: schema, encoding: .utf8)
            #expect(text.contains(#""$schema": "https://json-schema.org/draft/2020-12/schema""#))
            // validate.py checks the schema against the draft's meta-schema before it validates anything.
            let report = try SchemaValidator.validate(schema: schema, files: [schema])
            #expect(report.count == 1)
        }
        #expect(try CommandRunner.run(["schema", "apns"]).stdout == (try String(contentsOf: apns, encoding: .utf8)))
        for bad in [["schema"], ["schema", "gcm"], ["schema", "apns", "fcm"]] {
            let run = try CommandRunner.run(bad)
            #expect(run.status == 2 && run.stderr.contains("give one KIND: apns or fcm"), "\(bad)")
        }
    }

    @Test("every example of the cookbook and every rule fixture validates exactly when the linter finds none of the errors the schema encodes")
    func schemasAgreeWithTheLinter() throws {
        let (folder, apns, fcm) = try Self.schemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = CommandRunner.packageRoot
        var files: [String] = []
        for recipe in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Recipes").path).sorted() {
            let examples = root.appendingPathComponent("Recipes/\(recipe)/examples")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [] where name.hasSuffix(".json") {
                files.append("Recipes/\(recipe)/examples/\(name)")
            }
        }
        let exampleCount = files.count
        files += try LintOutputFormatTests.fixtureFiles()
        files.sort()
        let lint = try Self.lint(files)
        #expect(lint.count == files.count)
        var byKind: [String: [(String, Set<String>)]] = [:]
        for (file, result) in zip(files, lint) {
            // Python's json module keeps the last of two equal keys, pushbook's reader the first: such a
            // file says two things, and the schema and the linter may each read a different one.
            if result.errors.contains("json.syntax") || result.all.contains("json.duplicate-key") || result.kind == "local" { continue }
            for schema in result.kind == "fcm-v1" ? ["fcm"] : result.kind == nil ? ["apns", "fcm"] : ["apns"] {
                byKind[schema, default: []].append((file, result.errors))
            }
        }
        var checked = 0, invalid = 0
        for (kind, entries) in byKind {
            let report = try SchemaValidator.validate(schema: kind == "apns" ? apns : fcm, files: entries.map { root.appendingPathComponent($0.0) })
            for ((file, errors), verdict) in zip(entries, report) {
                checked += 1
                let encoded = errors.intersection(PayloadSchema.encodedRules)
                if errors.isEmpty {
                    #expect(verdict.errors.isEmpty, "\(file) passes lint, but not the \(kind) schema: \(verdict.errors)")
                } else if !encoded.isEmpty {
                    #expect(!verdict.errors.isEmpty, "\(file) breaks \(encoded.sorted()), but the \(kind) schema accepts it")
                }
                if !verdict.errors.isEmpty { invalid += 1 }
            }
        }
        #expect(exampleCount >= 30 && checked >= 100 && invalid >= 10, "examples \(exampleCount), checked \(checked), invalid \(invalid)")
    }

    /// Payloads each breaking one encoded rule, FCM's headers included (the rule fixtures give those as
    /// raw APNs headers, which are not part of a payload).
    static let knownBad: [(name: String, rule: String, json: String)] = [
        ("badge-string", "apns.aps-key-type", #"{"aps": {"alert": "Hi", "badge": "3"}}"#),
        ("loc-args-not-strings", "apns.aps-key-type", #"{"aps": {"alert": {"loc-key": "K", "loc-args": [1]}}}"#),
        ("sound-volume-string", "apns.aps-key-type", #"{"aps": {"sound": {"critical": 1, "name": "a.caf", "volume": "1"}}}"#),
        ("camel-flag", "apns.snake-case-flag", #"{"aps": {"alert": "Hi", "mutableContent": 1}}"#),
        ("flag-in-alert", "apns.mutable-content-outside-aps", #"{"aps": {"alert": {"body": "Hi", "mutable-content": 1}}}"#),
        ("gcm-flag", "apns.mutable-content-outside-aps", #"{"aps": {"alert": "Hi"}, "gcm.notification.mutable_content": 1}"#),
        ("level", "apns.interruption-level-value", #"{"aps": {"alert": "Hi", "interruption-level": "urgent"}}"#),
        ("simulator-bundle", "simulator.target-bundle", #"{"Simulator Target Bundle": "", "aps": {"alert": "Hi"}}"#),
        ("fcm-priority", "apns.priority-value", #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": "7"}, "payload": {"aps": {"alert": "Hi"}}}}}"#),
        ("fcm-push-type", "apns.push-type-value", #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "Alert"}, "payload": {"aps": {"alert": "Hi"}}}}}"#),
        ("fcm-expiration", "apns.expiration-value", #"{"message": {"token": "t", "apns": {"headers": {"apns-expiration": "tomorrow"}}, "notification": {"title": "Hi"}}}"#),
        ("fcm-apns-id", "apns.id-format", #"{"message": {"token": "t", "apns": {"headers": {"apns-id": "1234"}}, "notification": {"title": "Hi"}}}"#),
        ("fcm-collapse-id", "apns.collapse-id-too-long", #"{"message": {"token": "t", "apns": {"headers": {"apns-collapse-id": ""# + String(repeating: "c", count: 65) + #""}}, "notification": {"title": "Hi"}}}"#),
        ("fcm-header-newline", "apns.header-value", #"{"message": {"token": "t", "apns": {"headers": {"x-note": "a\nb"}}, "notification": {"title": "Hi"}}}"#),
        ("fcm-header-number", "fcm.field-type", #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": 10}}, "notification": {"title": "Hi"}}}"#),
        ("fcm-two-targets", "fcm.target-count", #"{"message": {"token": "t", "topic": "news", "notification": {"title": "Hi"}}}"#),
        ("fcm-legacy-to", "fcm.unknown-field", #"{"message": {"to": "t", "token": "t", "notification": {"title": "Hi"}}}"#),
        ("fcm-data-number", "fcm.data-value-not-string", #"{"message": {"token": "t", "data": {"count": 3}}}"#),
        ("fcm-data-google", "fcm.reserved-data-key", #"{"message": {"token": "t", "data": {"google.c.a.e": "1"}}}"#),
        ("fcm-payload-flag", "apns.mutable-content-outside-aps", #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "Hi"}, "mutable-content": 1}}}}"#),
        ("fcm-camel-options", "fcm.field-type", #"{"message": {"token": "t", "fcmOptions": {"analyticsLabel": 7}}}"#),
    ]

    @Test("known-bad payloads fail their schema, and the linter reports the rule the schema encodes for each")
    func knownBadPayloadsFail() throws {
        let (folder, apns, fcm) = try Self.schemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = Self.knownBad.map { "\($0.name).json" }
        for (entry, name) in zip(Self.knownBad, names) { try Data(entry.json.utf8).write(to: folder.appendingPathComponent(name)) }
        let lint = try Self.lint(names, in: folder)
        for (entry, result) in zip(Self.knownBad, lint) {
            #expect(result.errors.contains(entry.rule), "\(entry.name): lint says \(result.errors.sorted())")
            #expect(PayloadSchema.encodedRules.contains(entry.rule))
        }
        for schema in [apns, fcm] {
            let entries = Self.knownBad.filter { $0.json.hasPrefix(#"{"message""#) == (schema == fcm) }
            let report = try SchemaValidator.validate(schema: schema, files: entries.map { folder.appendingPathComponent("\($0.name).json") })
            #expect(report.count == entries.count && !entries.isEmpty)
            for (entry, verdict) in zip(entries, report) {
                #expect(!verdict.errors.isEmpty, "\(entry.name) validates against \(schema.lastPathComponent)")
            }
        }
        // And the same payloads, fixed, validate: the schema fails them for the rule, not for anything else.
        let good = #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": "5", "apns-push-type": "alert", "apns-expiration": "0", "apns-id": "123e4567-e89b-12d3-a456-426614174000", "apns-collapse-id": "c"}, "payload": {"aps": {"alert": {"title": "Hi", "loc-args": ["a"]}, "mutable-content": 1, "interruption-level": "time-sensitive", "sound": {"critical": 1, "name": "a.caf", "volume": 0.5}}, "custom": {"any": null}}}, "data": {"count": "3", "notification": "n"}, "fcmOptions": {"analyticsLabel": "x"}}}"#
        try Data(good.utf8).write(to: folder.appendingPathComponent("good.json"))
        #expect(try Self.lint(["good.json"], in: folder).first?.errors == [])
        #expect(try SchemaValidator.validate(schema: fcm, files: [folder.appendingPathComponent("good.json")]).first?.errors == [])
    }
}
