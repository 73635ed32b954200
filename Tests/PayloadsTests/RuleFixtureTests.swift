import Testing
@testable import Payloads

/// Every linter rule has a fixture that breaks it and one that does not (Fixtures/rules/<id>.bad|good.*).
@Suite struct RuleFixtureTests {
    static let ruleIDs = PayloadRules.descriptions.map(\.id)

    static func fixture(_ id: String, _ kind: String) -> String? {
        Fixture.files(in: "rules").first { $0.hasPrefix("\(id).\(kind).") && !$0.hasSuffix(".headers") }.map { "rules/" + $0 }
    }

    @Test("a payload that breaks the rule gets its diagnostic", arguments: ruleIDs)
    func breakingPayloadIsReported(id: String) throws {
        let path = try #require(Self.fixture(id, "bad"), "missing Fixtures/rules/\(id).bad.*")
        let result = try #require(Fixture.lint(path))
        let found = result.diagnostics.filter { $0.rule == id }
        #expect(!found.isEmpty, "\(path) should break \(id); got \(result.diagnostics.map(\.rule))")
        let description = try #require(RuleCatalogue.rule(id))
        for d in found {
            #expect(d.severity == description.severity)
            #expect(!d.message.isEmpty)
        }
        if description.refusesRequest { #expect(result.accepted == false) }
    }

    @Test("a payload that follows the rule gets no diagnostic of it, and no error at all", arguments: ruleIDs)
    func followingPayloadIsClean(id: String) throws {
        let path = try #require(Self.fixture(id, "good"), "missing Fixtures/rules/\(id).good.*")
        let result = try #require(Fixture.lint(path))
        #expect(!result.diagnostics.contains { $0.rule == id }, "\(path): \(result.diagnostics)")
        #expect(!result.hasErrors, "\(path): \(result.diagnostics.map { "\($0.location) \($0.rule) \($0.message)" })")
        #expect(result.accepted)
    }
}
