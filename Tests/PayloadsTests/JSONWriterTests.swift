import Testing
import Payloads

/// The pretty writer's two outputs, text and tokens, from the one walk of a value.
@Suite("JSON writer")
struct JSONWriterTests {
    static let source = #"{"b":[1,{"c":"x\"y","a":[]},[true,null]],"a":{"z":{},"y":-2.50e3},"é":"ü"}"#

    @Test("the text is the tokens' text plus a newline, sorted or not")
    func textIsTokens() throws {
        let value = try JSONReader.parse(Self.source).get()
        for sortKeys in [false, true] {
            #expect(JSONWriter.write(value, sortKeys: sortKeys) == JSONWriter.tokens(value, sortKeys: sortKeys).map(\.text).joined() + "\n")
        }
        #expect(JSONWriter.write(value, sortKeys: false) == """
        {
          "b": [
            1,
            {
              "c": "x\\"y",
              "a": []
            },
            [
              true,
              null
            ]
          ],
          "a": {
            "z": {},
            "y": -2.50e3
          },
          "é": "ü"
        }

        """)
    }

    @Test("each token carries the path of the key or element it belongs to")
    func tokenPaths() throws {
        let tokens = JSONWriter.tokens(try JSONReader.parse(Self.source).get(), sortKeys: true)
        let named = tokens.filter { $0.kind != .punctuation }.map { "\($0.text)@\($0.path.joined(separator: "."))" }
        #expect(named == [#""a"@a"#, #""y"@a.y"#, "-2.50e3@a.y", #""z"@a.z"#, #""b"@b"#, "1@b.0", #""a"@b.1.a"#, #""c"@b.1.c"#, #""x\"y"@b.1.c"#,
                          "true@b.2.0", "null@b.2.1", #""é"@é"#, #""ü"@é"#])
        #expect(tokens.first { $0.text == ": " }?.path == ["a"])
    }
}
