import Testing
import Payloads

@Suite struct JSONReaderTests {
    func error(_ text: String) -> JSONSyntaxError? {
        if case .failure(let e) = JSONReader.parse(text) { return e }
        return nil
    }

    func error(_ bytes: [UInt8]) -> JSONSyntaxError? {
        if case .failure(let e) = JSONReader.parse(bytes) { return e }
        return nil
    }

    @Test func keepsKeyOrderDuplicatesAndNumberText() throws {
        let value = try JSONReader.parse(#"{"b": 1.50, "a": -2e3, "b": true}"#).get()
        let members = try #require(value.members)
        #expect(members.map(\.key) == ["b", "a", "b"])
        #expect(members[0].value.numberValue?.text == "1.50")
        #expect(members[1].value.numberValue?.text == "-2e3")
        #expect(members[2].value.boolValue == true)
        #expect(members[2].value.numberValue == nil, "a Boolean is not a number")
        #expect(value["b"]?.numberValue?.text == "1.50", "lookup returns the first duplicate")
    }

    @Test func recordsLineAndColumnOfKeysAndValues() throws {
        let text = "{\n  \"aps\": {\n    \"badge\": 3,\n    \"é\": \"x\"\n  }\n}\n"
        let value = try JSONReader.parse(text).get()
        let aps = try #require(value.members?.first)
        #expect(aps.keyLocation == SourceLocation(line: 2, column: 3))
        #expect(aps.value.location == SourceLocation(line: 2, column: 10))
        let badge = try #require(aps.value.members?.first)
        #expect(badge.keyLocation == SourceLocation(line: 3, column: 5))
        #expect(badge.value.location == SourceLocation(line: 3, column: 14))
        let accented = try #require(aps.value.members?.last)
        #expect(accented.value.location == SourceLocation(line: 4, column: 11), "columns count UTF-8 bytes")
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONReader.parse(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude00", "\ud800x", "\udc00"]"#).get()
        let strings = try #require(value.arrayValue).compactMap(\.stringValue)
        #expect(strings == ["a\"b\\c/d\n\t", "é😀", "\u{FFFD}x", "\u{FFFD}"])
    }

    @Test func acceptsEveryNumberForm() throws {
        for text in ["0", "-0", "12", "1.5", "1e10", "1E+2", "-1.25e-3"] {
            let value = try JSONReader.parse(text).get()
            #expect(value.numberValue?.text == text)
        }
    }

    @Test("malformed JSON is reported with its message, line and column", arguments: [
        ("{\"a\": 1,}", "trailing comma before '}' is not allowed", 1, 9),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", "expected ',' or '}' after object member, found '\"'", 3, 3),
        ("[1 2]", "expected ',' or ']' after array element, found '2'", 1, 4),
        ("{\"a\" 1}", "expected ':' after object key, found '1'", 1, 6),
        ("{a: 1}", "expected a string key in double quotes, found 'a'", 1, 2),
        ("{\"a\": \"abc}", "unterminated string: missing closing '\"'", 1, 7),
        ("[\"ab\ncd\"]", "unterminated string: missing closing '\"' before the end of the line", 1, 2),
        ("[01]", "invalid number: leading zeros are not allowed", 1, 3),
        ("[1.]", "invalid number: expected a digit after '.', found ']'", 1, 4),
        ("[-]", "invalid number: expected a digit after '-', found ']'", 1, 3),
        ("[1e]", "invalid number: expected a digit in the exponent, found ']'", 1, 4),
        ("[True]", "invalid literal 'True'; JSON literals are true, false and null, in lowercase", 1, 2),
        ("[tru]", "invalid literal; did you mean 'true'? (JSON literals are true, false and null, in lowercase)", 1, 2),
        ("{\"a\": undefined}", "expected a value, found 'undefined'", 1, 7),
        ("\"a\\x\"", "invalid escape '\\x' in string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", 1, 3),
        ("\"\\u12G4\"", "invalid \\u escape: expected 4 hex digits", 1, 2),
        ("\"a\tb\"", "unescaped control character U+0009 in string; write it as an escape such as \\n or \\u0009", 1, 3),
        ("", "empty input; expected a JSON value", 1, 1),
        ("  \n ", "empty input; expected a JSON value", 2, 2),
        ("{} {}", "expected the end of input after the JSON value, found '{'", 1, 4),
        ("{\"a\": }", "expected a value, found '}'", 1, 7),
        ("[1,]", "trailing comma before ']' is not allowed", 1, 4),
        ("{\"a\": [1, 2", "unexpected end of input; expected ',' or ']' after array element", 1, 12),
    ])
    func reportsPosition(text: String, message: String, line: Int, column: Int) throws {
        let e = try #require(error(text))
        #expect(e.message == message)
        #expect(e.location == SourceLocation(line: line, column: column))
    }

    @Test func invalidUTF8IsAnErrorAtTheByte() throws {
        let inString = try #require(error(Array("{\"a\": \"x".utf8) + [0xFF] + Array("\"}".utf8)))
        #expect(inString.message == "invalid UTF-8 byte 0xFF; save the file as UTF-8")
        #expect(inString.location == SourceLocation(line: 1, column: 9))
        let truncated = try #require(error(Array("\"".utf8) + [0xE2, 0x82] + Array("\"".utf8)))
        #expect(truncated.message == "invalid UTF-8 sequence starting with byte 0xE2; save the file as UTF-8")
        let surrogate = try #require(error(Array("\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8)))
        #expect(surrogate.location == SourceLocation(line: 1, column: 2))
        let overlong = try #require(error(Array("\"".utf8) + [0xC0, 0xAF] + Array("\"".utf8)))
        #expect(overlong.message.hasPrefix("invalid UTF-8 byte 0xC0"))
        let outside = try #require(error([0x5B, 0xFE, 0x5D]))
        #expect(outside.message == "invalid UTF-8 byte 0xFE")
        let bom = try #require(error([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(bom.message.contains("byte order mark"))
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = JSONReader.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect((try? JSONReader.parse(text).get()) != nil)
    }

    @Test func nestingBeyondTheLimitIsAnErrorAtTheOffendingBracket() throws {
        let depth = JSONReader.maximumDepth + 1
        let e = try #require(error(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        #expect(e.message == "nesting deeper than 512 levels")
        #expect(e.location == SourceLocation(line: 1, column: depth))
    }

    @Test func tenThousandLevelsOfNestingDoNotCrash() throws {
        let e = try #require(error(String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)))
        #expect(e.message.contains("nesting deeper"))
        let unclosed = try #require(error(String(repeating: "[", count: 10_000)))
        #expect(unclosed.message.contains("nesting deeper"))
    }

    @Test func aOneMegabyteFileIsReadInLinearTime() throws {
        var text = "{\"aps\": {\"alert\": \"hi\"}, \"items\": ["
        let item = "{\"id\": 12345, \"name\": \"caf\u{e9} \u{2615}\", \"ok\": true, \"v\": null},"
        while text.utf8.count < 1_048_576 { text += item }
        text += "0]}"
        let clock = ContinuousClock()
        var parsed: JSONValue?
        let elapsed = clock.measure { parsed = try? JSONReader.parse(text).get() }
        #expect(parsed?["items"]?.arrayValue?.count ?? 0 > 10_000)
        #expect(elapsed < .seconds(5), "linear, not quadratic: \(elapsed)")
    }

    @Test func writerRoundTripsWhatTheReaderReads() throws {
        let text = #"{"aps":{"alert":{"title":"Café ☕","body":"line\nbreak"},"badge":1.0},"k":[true,false,null,-0.5e2]}"#
        let value = try JSONReader.parse(text).get()
        #expect(JSONWriter.compact(value) == text)
        #expect(try JSONReader.parse(JSONWriter.write(value, sortKeys: false)).get() == value)
    }
}
