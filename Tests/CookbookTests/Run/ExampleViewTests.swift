import Foundation
import Testing
import Payloads
import NotificationSimulator
@testable import Cookbook
import Recipes

/// The example view, decided once per example: value asserts on real recipes, and a golden file of every
/// example's view (`Fixtures/example-views.txt`; set PUSHBOOK_UPDATE_GOLDEN=1 to rewrite it, then review the diff).
@Suite struct ExampleViewTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/example-views.txt")

    static func views(of recipeID: String) throws -> [(String, ExampleView)] {
        let root = repository.appendingPathComponent("Recipes", isDirectory: true)
        let recipe = try RecipeLoader(root: root, displayRoot: "Recipes").loadRecipe(id: recipeID, folder: root.appendingPathComponent(recipeID, isDirectory: true))
        let builder = RecipeBuilder(runner: ExampleRunner(entryPoints: RecipeRegistry.entryPoints))
        return builder.verify(recipe, update: false).results.compactMap { result in
            result.outcome.map { (result.example.id, ExampleView($0, verification: result.verification)) }
        }
    }

    static func view(_ recipe: String, _ example: String) throws -> ExampleView {
        let found = try views(of: recipe).first { $0.0 == example }?.1
        return try #require(found)
    }

    @Test func anFCMImageThatWorksIsAcceptedUnderTheAlertLimitAndShowsItsAttachment() throws {
        let view = try Self.view("fcm-image", "jpeg-image")
        #expect(view.inputKind == .fcmV1)
        #expect(view.verification == .passed)
        let apns = try #require(view.apns)
        #expect(apns.accepted)
        #expect(apns.byteLimit == PayloadTooLargeRule.limit)
        #expect(apns.bytes > 0 && apns.bytes < apns.byteLimit)
        #expect(view.serviceExtension?.isClean == true)
        #expect(view.pushAppears && view.totalNotifications == 1)
        #expect(view.after?.attachment?.type == "public.png" || view.after?.attachment?.type == "public.jpeg")
        #expect(view.after?.attachment?.image != nil)
        #expect(view.before?.attachment == nil)
        #expect(view.before?.title == view.after?.title)
        #expect(view.downloads.map(\.suffix) == [".apns", ".json", ".fcm.json"])
        #expect(view.downloads[0].contents.contains("\"Simulator Target Bundle\": \"com.example.app\""))
    }

    @Test func aCommunicationNotificationDrawsTheSenderInsteadOfTheTitle() throws {
        let view = try Self.view("communication-notification", "chat-message")
        #expect(view.after?.icon == .senderAvatar)
        #expect(view.shown?.isCommunication == true)
        #expect(view.before?.icon == .app && view.before?.avatar == nil)
        #expect(view.after?.avatar != nil)
        #expect(view.after?.avatarInitials?.isEmpty == false)
    }

    @Test func aSilentPushShowsNothingAndSaysItWokeTheApp() throws {
        let view = try Self.view("payload-pitfalls", "silent-push")
        #expect(view.after == nil)
        #expect(view.nothingShown == .backgroundPush)
        #expect(view.appWoken)
        #expect(view.totalNotifications == 0)
        #expect(view.before == nil)
    }

    @Test func aLiveActivityPushActivityKitAppliesIsWorkingAndOneItCannotApplyIsNot() throws {
        // No notification is shown and no extension runs for either; ActivityKit's verdict decides.
        for example in ["start-delivery", "update-delivery", "end-delivery"] {
            let view = try Self.view("live-activity-fcm", example)
            #expect(!view.pushAppears && view.liveActivity?.applied == true && view.isWorking, "\(example)")
        }
        let broken = try Self.view("live-activity-fcm", "update-without-state")
        #expect(broken.liveActivity?.applied == false && !broken.isWorking)
    }

    @Test func aForegroundAppThatChoosesNoBannerShowsNothingButTheCardStillDrawsThePush() throws {
        let view = try Self.view("foreground-presentation", "presentation-off")
        #expect(view.presentation != nil)
        #expect(!view.pushAppears)
        #expect(view.nothingShown == .foregroundChoseNone)
        #expect(view.after == nil && view.delivered != nil)
        #expect(view.cardNotification == view.delivered)
    }

    @Test func aLocalExampleHasNoAPNsPartAndNoDownloads() throws {
        let view = try Self.view("local-notification", "new-message")
        #expect(view.inputKind == .local)
        #expect(view.apns == nil && view.downloads.isEmpty && view.before == nil)
        #expect(view.after?.icon == .senderAvatar)
        #expect(view.cardNotification == view.delivered)
    }

    @Test func notificationsTheAppAddsCountTowardsTheTotal() throws {
        let view = try Self.view("foreground-presentation", "duplicate")
        #expect(view.localCount == view.localNotifications.count && view.localCount > 0)
        #expect(view.totalNotifications == view.localCount + (view.pushAppears ? 1 : 0))
    }

    @Test func aVoIPPushGetsTheVoIPLimitFromThePayloadRule() throws {
        let payload = Array(#"{"aps": {"alert": {"title": "Call", "body": "Incoming"}}}"#.utf8)
        let lint = Linter.lint(payload, headers: ["apns-push-type": "voip", "apns-topic": "com.example.app.voip"])
        let record = NotificationDevice(app: .plain, manifest: FixtureManifest()).deliver(lint, makeExtension: nil, appSetUp: nil, onMessage: nil)
        let view = ExampleView(record: record, inputKind: .apns, input: payload, appName: "App")
        #expect(view.apns?.byteLimit == PayloadTooLargeRule.voipLimit)
    }

    @Test func aStringAlertIsTheBodyOfTheBeforePreview() {
        let payload = JSONValue.object([("aps", .object([("alert", .string("Hi"))]))])
        let before = ExampleView.notification(fromPayload: payload, appName: "App")
        #expect(before?.body == "Hi" && before?.title == "")
        let empty = JSONValue.object([("aps", .object([("alert", .object([(String, JSONValue)]()))]))])
        #expect(ExampleView.notification(fromPayload: empty, appName: "App") == nil)
    }

    @Test func theTokensSpellExactlyWhatTheWriterWrites() throws {
        let root = Self.repository.appendingPathComponent("Recipes", isDirectory: true)
        let recipe = try RecipeLoader(root: root, displayRoot: "Recipes").loadRecipe(id: "fcm-image", folder: root.appendingPathComponent("fcm-image", isDirectory: true))
        let results = RecipeBuilder(runner: ExampleRunner(entryPoints: RecipeRegistry.entryPoints)).verify(recipe, update: false).results
        #expect(results.count == recipe.examples.count && results.count >= 5)
        for result in results {
            let outcome = try #require(result.outcome)
            let view = ExampleView(outcome, verification: result.verification)
            #expect(view.recordTokens.map(\.text).joined() + "\n" == outcome.record.text)
            let apns = try #require(outcome.record.apns)
            #expect(try #require(view.apns).payloadTokens.map(\.text).joined() + "\n" == JSONWriter.write(apns.payload, sortKeys: false))
        }
    }

    @Test func everyExamplesViewMatchesTheGoldenFile() throws {
        let recipes = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("Recipes").path)
            .filter { !$0.hasPrefix("_") && !$0.hasSuffix(".swift") }.sorted()
        var text = ""
        for recipe in recipes {
            for (example, view) in try Self.views(of: recipe) { text += "== \(recipe)/\(example)\n" + Self.describe(view) }
        }
        if ProcessInfo.processInfo.environment["PUSHBOOK_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: Self.golden)
        }
        let want = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(text == want, "the example views changed; rerun with PUSHBOOK_UPDATE_GOLDEN=1 and review the diff of Fixtures/example-views.txt")
    }

    /// A line-per-field description of a view (the golden file's format).
    static func describe(_ v: ExampleView) -> String {
        func n(_ x: ExampleView.Notification?) -> String {
            guard let x else { return "none" }
            return "\(x.icon.rawValue) | \(x.title) | \(x.subtitle) | \(x.body) | initials \(x.avatarInitials ?? "-") | avatar \(x.avatar?.count ?? 0) B | "
                + (x.attachment.map { "\($0.type) \($0.bytes) B image \($0.image?.count ?? 0) B" } ?? "no attachment")
        }
        var lines = ["kind \(v.inputKind.rawValue) · verification \(v.verification == .passed ? "passed" : "not passed")"]
        if let a = v.apns {
            lines.append("apns \(a.accepted ? "accepted" : "refused") \(a.bytes)/\(a.byteLimit) · headers \(a.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))")
        }
        if let e = v.serviceExtension { lines.append("extension invoked \(e.invoked) calls \(e.handlerCalls) \(e.elapsedMilliseconds) ms expired \(e.expired) fetches \(e.fetchCount)") }
        lines.append("woken \(v.appWoken) · appears \(v.pushAppears) · local \(v.localCount) · total \(v.totalNotifications) · presentation \(v.presentation?.joined(separator: ",") ?? "-") · nothing \(v.nothingShown.map { "\($0)" } ?? "-")")
        lines.append("before \(n(v.before))")
        lines.append("delivered \(n(v.delivered))")
        for local in v.localNotifications { lines.append("local \(n(local))") }
        lines.append("downloads \(v.downloads.map(\.suffix).joined(separator: " "))")
        lines.append("diagnostics \(v.diagnostics.map(\.rule).joined(separator: " "))")
        if let actions = v.delivered?.actions, !actions.isEmpty {
            lines.append("buttons " + actions.map { $0.title + ($0.textInput ? " (text)" : "") + ($0.destructive ? " (destructive)" : "") }.joined(separator: " | "))
        }
        if let center = v.notificationCenter {
            lines.append("notification center " + center.notifications.map { "\($0.identifier) \($0.title)" }.joined(separator: " | ") + " · badge \(center.badge)")
        }
        if let r = v.response {
            lines.append("answered \(r.actionIdentifier) · text \(r.userText ?? "-") · app \(r.app.rawValue) · \(r.delegateMethod ?? "no delegate") · completed \(r.completed) · "
                + r.fetches.map { "\($0.method) \($0.url) \($0.status.map(String.init) ?? "-")" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
