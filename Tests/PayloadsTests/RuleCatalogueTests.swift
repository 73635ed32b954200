import Testing
@testable import Payloads

@Suite struct RuleCatalogueTests {
    /// On 0149a3f this test checked that the catalogue was sorted (it sorts itself) and that it held
    /// at least as many entries as its parts (equal by construction); neither could fail.
    @Test("no two rules share an id: the linter's rules, the device's behaviours, Firebase's helper and the push types name each id once, and the catalogue holds exactly those")
    func idsAreUnique() {
        let listed = PayloadRules.descriptions.map(\.id) + DeviceBehaviours.all.map(\.id) + FirebaseHelperBehaviours.all.map(\.id) + RuleCatalogue.pushTypes.map(\.id)
        var seen: Set<String> = []
        let repeated = listed.filter { !seen.insert($0).inserted }
        #expect(repeated.isEmpty, "ids listed twice: \(repeated)")
        #expect(RuleCatalogue.all.map(\.id) == seen.sorted())
        for id in listed { #expect(RuleCatalogue.rule(id)?.id == id) }
    }

    @Test("every entry has a summary, a source, an example and a namespaced id")
    func everyEntryHasSeveritySummarySourceAndConfidence() {
        for rule in RuleCatalogue.all {
            #expect(!rule.summary.isEmpty, "\(rule.id)")
            #expect(!rule.source.isEmpty, "\(rule.id)")
            #expect(!rule.example.isEmpty, "\(rule.id)")
            #expect(rule.id.split(separator: ".").count == 2, "\(rule.id) is namespace.name")
        }
    }

    @Test func everyLinterRuleCitesAURL() {
        for rule in PayloadRules.descriptions { #expect(rule.source.hasPrefix("https://"), "\(rule.id)") }
    }

    @Test func theCatalogueIncludesTheDeviceBehaviours() {
        for behaviour in DeviceBehaviours.all { #expect(RuleCatalogue.rule(behaviour.id) == behaviour) }
    }

    @Test func theIssueListOfRulesIsCovered() {
        let required = [
            "apns.payload-too-large", "apns.aps-key-type", "apns.custom-key-in-aps", "apns.mutable-content-outside-aps",
            "apns.snake-case-flag", "apns.flag-is-boolean", "ios.extension-needs-alert", "apns.background-push-shape",
            "apns.collapse-id-too-long", "apns.priority-value", "apns.push-type-value", "fcm.target-count",
            "fcm.data-value-not-string", "fcm.reserved-data-key", "fcm.data-only-priority", "fcm.topic-prefix",
            "apns.loc-args-without-loc-key", "json.syntax", "apns.interruption-level-value", "apns.relevance-score-range",
            "apns.critical-sound-volume", "fcm.payload-too-large",
        ]
        for id in required { #expect(RuleCatalogue.rule(id) != nil, "\(id)") }
    }

    @Test func modellingChoicesAreLabelledAsSuch() throws {
        let choice = try #require(RuleCatalogue.rule("fcm.image-needs-mutable-content"))
        #expect(choice.isModellingChoice)
        #expect(choice.confidence.label.contains("modelling choice"))
        #expect(try #require(RuleCatalogue.rule("ios.extension-loc-key-only")).confidence == .notFound)
        #expect(try #require(RuleCatalogue.rule("apns.payload-too-large")).isModellingChoice == false)
    }

    @Test func onlyRulesWhereAPNsOrFCMRefuseAreMarkedRefusing() {
        let refusing = Set(RuleCatalogue.all.filter(\.refusesRequest).map(\.id))
        #expect(refusing == [
            "json.syntax", "apns.payload-too-large", "apns.collapse-id-too-long", "apns.priority-value",
            "apns.push-type-value", "apns.expiration-value", "apns.id-format", "apns.header-value", "fcm.field-type", "fcm.unknown-field",
            "fcm.target-count", "fcm.data-value-not-string", "fcm.reserved-data-key", "fcm.payload-too-large",
            "apns.topic-push-type", "apns.topic-missing", "fcm.push-type-unsupported", "fcm.data-only-priority", "fcm.admin-sdk-field",
        ])
    }
}
