import Foundation
import Testing
import ToolchainSupport

/// Payload values that are easy to get wrong: header values with CR/LF (in `--header` and in FCM's
/// `apns.headers`), lone surrogates and out-of-range numbers.
@Suite("Safety: payload values", .serialized)
struct PayloadSafetyTests {
    private func temporary(_ name: String, _ text: String) throws -> URL {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-payload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("lint refuses CR, LF and other control characters in a --header value, citing the rule (NUL cannot be in an argument; see the FCM case)",
          arguments: ["a\nb", "a\rb", "a\u{1B}[2Jb", "a\u{7F}"])
    func headerOptionValues(value: String) throws {
        let file = try temporary("p.json", #"{"aps": {"alert": "hi"}}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try CommandRunner.run(["lint", "--header", "apns-collapse-id:\(value)", file.path])
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("error: the value of apns-collapse-id holds "), "\(run.stdout)")
        #expect(run.stdout.contains("[apns.header-value]"))
    }

    @Test("lint refuses CR/LF in FCM apns.headers at the value's position, and simulate says it is not accepted")
    func fcmHeaderValues() throws {
        let text = """
        {"message": {"token": "t", "notification": {"title": "T"},
          "apns": {"headers": {"apns-collapse-id": "a\\r\\nb"}}}}
        """
        let file = try temporary("fcm.json", text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try CommandRunner.run(["lint", file.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("fcm.json:2:44: error: the value of apns-collapse-id holds a carriage return (U+000D) at character 2"), "\(run.stdout)")
        let simulate = try CommandRunner.run(["simulate", file.path])
        #expect(simulate.status == 1)
        #expect(simulate.stdout.contains("\"accepted\": false") || simulate.stdout.contains("\"accepted\" : false"), "\(simulate.stdout.prefix(400))")
    }

    @Test("a recipe example whose FCM headers hold a line break fails check at its position, so no page ever shows it")
    func exampleHeaderFailsCheck() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace(#""fcm_options""#, with: #""headers": {"apns-collapse-id": "x\n$(touch PWNED_HDR)"}, "fcm_options""#, in: "examples/webp-image.json")
        let run = try w.check(["--update"])
        #expect(run.status == 0, "an accepted=false record is still a record: \(run.stderr)")
        let build = try w.build()
        let page = try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(page.contains("apns.header-value"), "the page shows the finding")
        #expect(!FileManager.default.fileExists(atPath: w.root.appendingPathComponent("PWNED_HDR").path))
    }

    @Test("a lone surrogate escape gets a warning at its position; a pair and an escaped backslash do not")
    func loneSurrogate() throws {
        let file = try temporary("s.json", #"{"aps": {"alert": {"title": "\ud800 \ud83d\ude00 \\ud800 \udc00"}}}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try CommandRunner.run(["lint", file.path])
        let lines = run.stdout.split(separator: "\n").filter { $0.contains("[json.lone-surrogate]") }
        #expect(lines.count == 2, "\(run.stdout)")
        #expect(lines.first?.hasPrefix(file.path + ":1:30: warning: \\ud800 is half of a UTF-16 surrogate pair") == true, "\(run.stdout)")
        #expect(lines.last?.contains(":1:58: warning: \\udc00") == true, "\(run.stdout)")
    }

    @Test("a badge or relevance-score of 1e999 is null both where it is delivered and in userInfo, never a made-up 0")
    func hugeNumbersAgree() throws {
        let file = try temporary("b.json", #"{"aps": {"alert": "x", "badge": 1e999, "relevance-score": 1e999}}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try CommandRunner.run(["simulate", file.path])
        // The record keeps 1e999 as written in the payload as sent, which JSONSerialization cannot read: look at the text.
        let delivered = try #require(run.stdout.range(of: "\"delivered\": {")).upperBound
        let after = String(run.stdout[delivered...])
        #expect(after.contains("\"badge\": null"), "\(after)")
        #expect(after.components(separatedBy: "\"badge\": null").count == 3, "delivered.badge and userInfo.aps.badge: \(after)")
        #expect(after.contains("\"relevance-score\": null"), "\(after)")
        #expect(!after.contains("\"badge\": 0") && !after.contains("\"relevance-score\": 0"), "\(after)")
    }
}
