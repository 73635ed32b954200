import Testing
import Payloads

@Suite struct RuleCatalogueTests {
    @Test func idsAreUniqueAndSorted() {
        let ids = RuleCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids == ids.sorted())
        #expect(ids.count >= PayloadRules.all.count + DeviceBehaviours.all.count)
    }

    @Test func everyEntryHasSeveritySummarySourceAndConfidence() {
        for rule in RuleCatalogue.all {
            #expect(!rule.summary.isEmpty, "\(rule.id)")
            #expect(!rule.source.isEmpty, "\(rule.id)")
            #expect(!rule.example.isEmpty, "\(rule.id)")
            #expect(rule.id.split(separator: ".").count == 2, "\(rule.id) is namespace.name")
            #expect(Confidence.allCases.contains(rule.confidence))
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

    @Test func theCatalogueListsAsJSON() throws {
        let entries = try #require(RuleCatalogue.json.arrayValue)
        #expect(entries.count == RuleCatalogue.all.count)
        let first = try #require(entries.first)
        for key in ["id", "severity", "summary", "source", "confidence"] { #expect(first[key] != nil) }
    }
}
