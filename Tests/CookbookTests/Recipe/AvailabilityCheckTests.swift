import Foundation
import Testing
import Payloads
@testable import Cookbook
import NotificationSimulator

/// `pushbook check` reports recipe code that uses API newer than the deployment target outside `#available`.
@Suite("Availability of recipe code against its deployment target")
struct AvailabilityCheckTests {
    static let target12 = AppleDeclarations.Version("12.0")!

    static func findings(_ code: String, target: String = "12.0") -> [Diagnostic] {
        AvailabilityCheck.diagnostics(in: code, file: "Recipes/r/Code.swift", target: AppleDeclarations.Version(target)!)
    }

    @Test("iOS 15 API outside #available is reported at its line and column with the version it needs")
    func newerAPIIsReported() throws {
        let code = """
        import NotificationSimulator
        func update(_ content: UNMutableNotificationContent, intent: INSendMessageIntent) throws -> UNNotificationContent {
            content.interruptionLevel = .timeSensitive
            return try content.updating(from: intent)
        }
        """
        let found = Self.findings(code)
        #expect(found.map(\.location.line) == [3, 3, 4])
        let updating = try #require(found.last)
        #expect(updating.location.column == 24)
        #expect(updating.message.contains("updating(from:) needs iOS 15.0"))
        #expect(updating.message.contains("deployment target is iOS 12.0"))
        #expect(updating.rule == ToolRule.availability.id)
        #expect(Self.findings(code, target: "15.0").isEmpty)
    }

    @Test("if #available, guard #available and @available declarations make newer API fine")
    func availabilityChecksAreHonoured() {
        let code = """
        func a(_ content: UNMutableNotificationContent) {
            if #available(iOS 15.0, *) {
                content.relevanceScore = 1
            } else {
                content.relevanceScore = 0
            }
        }
        func b(_ content: UNMutableNotificationContent) {
            guard #available(iOS 15.0, *) else { return }
            content.relevanceScore = 1
        }
        @available(iOS 15.0, *)
        final class C {
            func c(_ content: UNMutableNotificationContent) { content.relevanceScore = 1 }
        }
        func d(_ content: UNMutableNotificationContent) {
            content.relevanceScore = 2
        }
        """
        #expect(Self.findings(code).map(\.location.line) == [5, 17])
    }

    @Test("an initializer is matched by its labels: the iOS 15 INPerson initializer is reported, the iOS 10 one is not")
    func initializersMatchByLabels() {
        let old = "let p = INPerson(personHandle: h, nameComponents: nil, displayName: \"M\", image: nil, contactIdentifier: nil, customIdentifier: nil)"
        let new = "let p = INPerson(personHandle: h, nameComponents: nil, displayName: \"M\", image: nil, contactIdentifier: nil, customIdentifier: nil, isMe: false, suggestionType: .none)"
        #expect(Self.findings(old).isEmpty)
        #expect(Self.findings(new).map(\.location.column) == [9])
        // Default arguments may be left out: UNNotificationCategory's options.
        #expect(Self.findings("let c = UNNotificationCategory(identifier: \"c\", actions: [], intentIdentifiers: [])").isEmpty)
    }

    @Test("comments, strings and a snippet's hidden lines are not read")
    func commentsStringsAndHiddenLinesAreSkipped() {
        let code = """
        // content.updating(from: intent)
        let s = "content.updating(from: intent) \\(x)"
        /* INSendMessageIntentDonationMetadata */
        // snippet.hide
        let m = INSendMessageIntentDonationMetadata()
        // snippet.show
        """
        #expect(Self.findings(code).isEmpty)
    }

    @Test("every recipe declares a deployment target its code satisfies")
    func recipesPass() throws {
        let loaded = RecipeLoader(root: PasteIntoXcodeTests.root, displayRoot: "Recipes").load()
        #expect(loaded.recipes.allSatisfy { $0.deploymentTarget != nil })
        #expect(AvailabilityCheck.diagnostics(for: loaded.recipes).isEmpty)
    }

    @Test("a deploymentTarget that is not a version is an error at its line")
    func badTargetIsAnError() throws {
        #expect(DeploymentTarget.isValid("15.0") && DeploymentTarget.isValid("16") && DeploymentTarget.isValid("12.0"))
        #expect(!DeploymentTarget.isValid("11.0") && !DeploymentTarget.isValid("fifteen") && !DeploymentTarget.isValid("15.0.1"))
    }
}
