import Foundation
import Testing
import Payloads
import NotificationSimulator
@testable import Cookbook
import Recipes

/// The playground says whether the extension runs with `ExtensionGate` (in Payloads, so it runs in
/// WebAssembly), and the simulated device takes its flags from the same gate; on every recipe example
/// the gate's verdict is what the device did.
@Suite struct ExtensionGateAgreementTests {
    /// Every example of every recipe that ran, as (recipe/example, outcome).
    static func outcomes() throws -> [(String, ExampleRunner.Outcome)] {
        let root = ExampleViewTests.repository.appendingPathComponent("Recipes", isDirectory: true)
        let builder = RecipeBuilder(runner: ExampleRunner(entryPoints: RecipeRegistry.entryPoints))
        return RecipeLoader(root: root, displayRoot: "Recipes").load().recipes.flatMap { recipe in
            builder.verify(recipe, update: false).results.compactMap { result in
                result.outcome.map { ("\(recipe.id)/\(result.example.id)", $0) }
            }
        }
    }

    @Test("the gate the playground shows agrees with the simulated device on every recipe example")
    func gateAgreesWithTheDevice() throws {
        var compared = 0, ran = 0, backgroundPushes = 0
        for (name, outcome) in try Self.outcomes() {
            guard let apns = outcome.record.apns, let run = outcome.record.serviceExtension else { continue }
            // The user's settings (the app folder's settings.json) can stop an extension the payload lets run:
            // the gate judges the payload only, so such examples must show the settings' verdict instead.
            if let verdict = outcome.app.settings?.verdict, !verdict.runsExtension {
                #expect(!run.invoked, "\(name): the settings stop the extension")
                #expect(outcome.record.settings != nil, "\(name)")
                continue
            }
            let gate = ExtensionGate(payload: apns.payload, accepted: outcome.record.accepted,
                                     pushType: apns.headers["apns-push-type"].flatMap(APNsPushType.init(rawValue:)))
            #expect(gate.runs == run.invoked, "\(name): gate \(gate.reason), device invoked \(run.invoked)")
            if gate.reason == .backgroundPush {
                backgroundPushes += 1
                #expect(outcome.record.delivered == nil, "\(name)")
            }
            compared += 1
            if run.invoked { ran += 1 }
        }
        #expect(compared >= 20)
        #expect(ran > 0 && ran < compared, "both verdicts occur: \(ran) of \(compared) ran")
        #expect(backgroundPushes > 0)
    }
}
