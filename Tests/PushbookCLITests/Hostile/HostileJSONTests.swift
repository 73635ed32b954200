import Foundation
import Testing

/// Example inputs no one should write: broken, enormous, absurdly nested, not UTF-8.
@Suite("Hostile input: example JSON", .serialized)
struct HostileJSONTests {
    @Test("an example nested 100,000 arrays deep is a syntax error at the 513th bracket, not a stack overflow")
    func deeplyNestedArrays() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.write("examples/webp-image.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        let run = try w.check()
        #expect(!run.crashed, "\(run.stderr.prefix(2000))")
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/examples/webp-image.json:1:513: error: nesting deeper than 512 levels"), "\(run.stderr.prefix(2000))")
    }

    @Test("an example nested 100,000 objects deep is a syntax error with its position, not a stack overflow")
    func deeplyNestedObjects() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.write("examples/webp-image.json", String(repeating: "{\"a\":\n", count: 100_000) + "1" + String(repeating: "}", count: 100_000))
        let run = try w.check()
        #expect(!run.crashed, "\(run.stderr.prefix(2000))")
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/examples/webp-image.json:513:1: error: nesting deeper than 512 levels"), "\(run.stderr.prefix(2000))")
    }

    @Test("a 6 MB example runs: FCM refuses it as too large, and check reports the record's difference without crashing")
    func hugeExample() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let title = String(repeating: "x", count: 6_000_000)
        try w.write("examples/webp-image.json", #"{"message": {"token": "t", "notification": {"title": "\#(title)"}}}"#)
        let run = try w.check()
        #expect(!run.crashed)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/expected/webp-image.json:"))
        #expect(run.stderr.contains(":1: error: the record of example 'webp-image' differs"))
        #expect(run.stderr.contains("fcm.payload-too-large"))
    }

    @Test("a 6 MB example cut off in the middle is a syntax error at its last byte")
    func hugeTruncatedExample() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let lines = Array(repeating: "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],", count: 80_000)
        try w.write("examples/webp-image.json", "{\"aps\": {\"alert\": \"hi\"}, \"big\": [\n" + lines.joined(separator: "\n") + "\n[1, 2")
        let run = try w.check()
        #expect(!run.crashed)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/examples/webp-image.json:80002:6: error: unexpected end of input"), "\(run.stderr.prefix(2000))")
    }

    @Test("malformed JSON in an example gives its file, line and column, and the other examples still run")
    func malformedExample() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.write("examples/webp-image.json", "{\n  \"message\": {\n    \"token\": \"t\",,\n  }\n}\n")
        let run = try w.check()
        #expect(!run.crashed)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/examples/webp-image.json:3:18: error: expected a string key in double quotes, found ','"), "\(run.stderr)")
        #expect(run.stdout.contains("13 passed, 2 failed"), "the broken input fails both examples that run it: \(run.stdout)")
    }

    @Test("an empty example, a bare string and a byte order mark are each a positioned error")
    func degenerateExamples() throws {
        let cases: [([UInt8], String)] = [
            ([], "webp-image.json:1:1: error: empty input"),
            (Array("\"just a string\"".utf8), "webp-image.json:1:1: error:"),
            ([0xEF, 0xBB, 0xBF] + Array("{}".utf8), "webp-image.json:1:1: error: the file starts with a UTF-8 byte order mark"),
        ]
        for (bytes, expected) in cases {
            let w = try HostileWorkspace()
            defer { w.remove() }
            try w.write("examples/webp-image.json", bytes)
            let run = try w.check()
            #expect(!run.crashed)
            #expect(run.status == 1)
            #expect(run.stderr.contains(expected), "\(expected) in \(run.stderr)")
        }
    }

    @Test("invalid UTF-8 inside an example's string is an error at the bad byte")
    func invalidUTF8InExample() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.write("examples/webp-image.json", Array("{\"message\": {\n  \"token\": \"ab".utf8) + [0xC3, 0x28] + Array("\"}}".utf8))
        let run = try w.check()
        #expect(!run.crashed)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/examples/webp-image.json:2:15: error: invalid UTF-8 sequence starting with byte 0xC3"), "\(run.stderr)")
    }

    @Test("lint and simulate read a 100,000-deep payload from stdin and report it, without crashing")
    func deepPayloadOnStdin() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let lint = try w.run(["lint", "-"], stdin: deep)
        #expect(!lint.crashed)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("-:1:513: error"), "\(lint.stdout) \(lint.stderr)")
        let simulate = try w.run(["simulate", "-"], stdin: deep)
        #expect(!simulate.crashed)
        #expect(simulate.status != 0)
    }
}
