import Testing
import Payloads

/// Each rule's catalogue text says what its check does :
/// one test per rule whose text and check disagreed, holding both to the same case.
@Suite("Rule text agrees with the check")
struct RuleTextAgreementTests {
    static func lint(_ json: String, headers: [String: String] = [:]) -> LintResult {
        Linter.lint(Array(json.utf8), headers: headers)
    }

    static let alert = #"{"aps": {"alert": {"title": "Hello", "body": "World"}}}"#

    @Test("apns.id-format accepts an uppercase UUID, and its text no longer says the digits must be lowercase")
    func apnsIDCase() throws {
        let upper = Self.lint(Self.alert, headers: ["apns-id": "123E4567-E89B-12D3-A456-426614174000"])
        #expect(!upper.diagnostics.contains { $0.rule == "apns.id-format" })
        #expect(upper.accepted)
        let rule = try #require(RuleCatalogue.rule("apns.id-format"))
        #expect(!rule.summary.contains("lowercase hexadecimal"))
        #expect(rule.summary.contains("either case"))
        let bad = Self.lint(Self.alert, headers: ["apns-id": "1234"])
        let finding = try #require(bad.diagnostics.first { $0.rule == "apns.id-format" })
        #expect(!finding.message.contains("lowercase"))
        #expect(!bad.accepted)
    }

    static func data(_ key: String) -> String {
        #"{"message": {"token": "t", "notification": {"title": "Hi"}, "data": {"\#(key)": "x"}}}"#
    }

    @Test("fcm.reserved-data-key refuses google., gcm. and the bare words, not every key that begins with the letters, as its text now says")
    func reservedDataKeys() throws {
        for key in ["from", "message_type", "google", "gcm", "google.c.a.e", "gcm.n.e"] {
            #expect(Self.lint(Self.data(key)).diagnostics.contains { $0.rule == "fcm.reserved-data-key" }, "\(key)")
        }
        for key in ["googleAnalytics", "gcmSender", "notification"] {
            #expect(!Self.lint(Self.data(key)).diagnostics.contains { $0.rule == "fcm.reserved-data-key" }, "\(key)")
        }
        let rule = try #require(RuleCatalogue.rule("fcm.reserved-data-key"))
        #expect(rule.summary.contains(#"starting with "google." or "gcm.""#))
        #expect(rule.summary.contains("googleAnalytics, is not reserved"))
    }

    @Test("apns.custom-value-null reports a null custom value next to aps, not one nested in a custom dictionary, as its text now says")
    func customValueNull() throws {
        #expect(Self.lint(#"{"aps": {"alert": "Hi"}, "threadId": null}"#).diagnostics.contains { $0.rule == "apns.custom-value-null" })
        #expect(!Self.lint(#"{"aps": {"alert": "Hi"}, "meta": {"threadId": null}}"#).diagnostics.contains { $0.rule == "apns.custom-value-null" })
        let rule = try #require(RuleCatalogue.rule("apns.custom-value-null"))
        #expect(rule.summary.contains("next to aps"))
        #expect(rule.summary.contains("nested inside a custom dictionary"))
    }
}
