import Testing
import Payloads

/// The one formatter of `lint --format json`, shared by the CLI and the WebAssembly module.
@Suite struct LintReportTests {
    @Test("the report is the lint JSON of the command-line contract: sorted keys, two-space indent, trailing newline")
    func reportHasTheDocumentedShape() {
        var report = LintReport()
        report.add(lint(#"{"aps": {"alert": "Hi", "badge": "3"}}"#), path: "a.json")
        report.add(lint("[1]"), path: "-")
        #expect(report.text == """
            {
              "files": [
                {
                  "bytes": 38,
                  "diagnostics": [
                    {
                      "column": 34,
                      "line": 1,
                      "message": "aps.badge must be a number, found a string (\\"3\\"); write 3 without quotes",
                      "path": "aps.badge",
                      "rule": "apns.aps-key-type",
                      "severity": "error"
                    }
                  ],
                  "kind": "apns",
                  "path": "a.json"
                },
                {
                  "bytes": 3,
                  "diagnostics": [
                    {
                      "column": 1,
                      "line": 1,
                      "message": "the file holds a JSON array, but a push payload must be a JSON dictionary",
                      "path": "",
                      "rule": "input.kind",
                      "severity": "error"
                    }
                  ],
                  "kind": null,
                  "path": "-"
                }
              ]
            }

            """)
    }

    @Test("an empty report still has its files list")
    func emptyReportListsNoFiles() {
        #expect(LintReport().text == "{\n  \"files\": []\n}\n")
    }
}
