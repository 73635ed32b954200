import Testing
import Payloads

/// One diagnostic type, formatted as text and as JSON in one place each.
@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("the text form is file:line:column: severity: message [rule], then the detail's lines")
    func textForm() {
        let mismatch = Diagnostic(file: "Recipes/r/expected/e.json", rule: "check.mismatch", message: "the record differs", detail: "--- a\n+++ b")
        #expect(mismatch.text == "Recipes/r/expected/e.json:1:1: error: the record differs [check.mismatch]\n--- a\n+++ b")
        let placed = Diagnostic(file: "r.md", location: SourceLocation(line: 7, column: 3), rule: "recipe.front-matter", severity: .warning, message: "m")
        #expect(placed.text == "r.md:7:3: warning: m [recipe.front-matter]")
        #expect(Diagnostic(rule: "ios.time-budget", severity: .note, message: "late").text == "note: late [ios.time-budget]")
    }

    @Test("control characters in a file name are escaped in the text form, so a name neither splits the line nor reaches the terminal")
    func controlCharactersInFileNamesAreEscaped() {
        let newline = Diagnostic(file: "nl\nname.json", location: SourceLocation(line: 2, column: 5), rule: "r", message: "m")
        #expect(newline.text == #"nl\nname.json:2:5: error: m [r]"#)
        let escape = Diagnostic(file: "esc\u{1B}[31mred\u{7F}\u{85}\t.json", rule: "r", message: "m")
        #expect(escape.text == #"esc\u{1B}[31mred\u{7F}\u{85}\t.json:1:1: error: m [r]"#)
        #expect(Diagnostic(file: "caf\u{E9} \u{1F600}.json", rule: "r", message: "m").text.hasPrefix("caf\u{E9} \u{1F600}.json:1:1:"), "printable letters stay")
    }

    @Test("a payload's diagnostic keeps the JSON shape of lint and of the delivery record: no file, no detail")
    func payloadJSONShape() {
        let finding = Diagnostic(rule: "apns.badge-value", severity: .error, message: "m", location: SourceLocation(line: 2, column: 5), path: "aps.badge")
        #expect(JSONWriter.write(finding.json, sortKeys: true) == """
            {
              "column": 5,
              "line": 2,
              "message": "m",
              "path": "aps.badge",
              "rule": "apns.badge-value",
              "severity": "error"
            }

            """)
    }

    @Test("a file's diagnostic adds file and detail to the JSON")
    func fileJSON() {
        let json = Diagnostic(file: "a.json", rule: "input.unreadable", message: "cannot read the file", detail: "more").json
        #expect(json["file"]?.stringValue == "a.json")
        #expect(json["detail"]?.stringValue == "more")
        #expect(json["line"]?.numberValue?.intValue == 0)
    }

    @Test("inFile places a payload's finding in a file without changing it otherwise")
    func inFile() {
        let finding = Diagnostic(rule: "json.syntax", severity: .error, message: "m", location: SourceLocation(line: 4, column: 3))
        let placed = finding.inFile("p.json")
        #expect(placed.file == "p.json")
        #expect(placed.text == "p.json:4:3: error: m [json.syntax]")
        #expect(finding.file == nil)
    }
}
