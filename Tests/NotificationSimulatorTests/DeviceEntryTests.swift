import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// An extension that titles every push "Recipe's", so a test can tell which extension ran.
private final class RecipeTitleExtension: UNNotificationServiceExtension, @unchecked Sendable {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
        content.title = "Recipe's"
        contentHandler(content)
    }
}

@Suite("What the device runs for an input, decided once", .serialized)
struct DeviceEntryTests {
    private static let push = #"{"aps": {"alert": {"title": "Sent", "body": "b"}, "mutable-content": 1}}"#
    private static let recipeExtension = RecipeEntryPoint.serviceExtension { RecipeTitleExtension() }
    private static let localCode = RecipeEntryPoint.localNotifications { arguments, center in
        let content = UNMutableNotificationContent()
        content.title = arguments["title"] as? String ?? "no title"
        center.add(UNNotificationRequest(identifier: "l", content: content, trigger: nil))
    }

    private func handlers(_ result: Result<DeviceEntry, DeviceEntry.Mismatch>) -> PushHandlers? {
        if case .success(.push(let handlers)) = result { return handlers }
        return nil
    }

    @Test("a push to a service extension runs the recipe's extension, or the stock one in its place")
    func serviceExtensionRunsTheRecipesOrTheStockOne() {
        let own = handlers(DeviceEntry.decide(input: parse(Self.push), code: Self.recipeExtension))
        #expect(own?.simulate(TestSupport.lint(Self.push), on: NotificationDevice()).record.delivered?.title == "Recipe's")
        #expect(own?.runsInForeground == false)
        let stock = handlers(DeviceEntry.decide(input: parse(Self.push), code: Self.recipeExtension, stock: .passthrough))
        let record = stock?.simulate(TestSupport.lint(Self.push), on: NotificationDevice()).record
        #expect(record?.delivered?.title == "Sent")
        #expect(record?.serviceExtension?.invoked == true)
    }

    @Test("without the extension, no extension runs and a foreground app handles no message, but still sets itself up")
    func withoutExtensionDropsTheExtensionAndTheMessageHandler() {
        let none = handlers(DeviceEntry.decide(input: nil, code: Self.recipeExtension, withoutExtension: true))
        #expect(none != nil && none?.makeExtension == nil)
        #expect(none?.simulate(TestSupport.lint(Self.push), on: NotificationDevice()).record.serviceExtension?.invoked != true)
        let app = RecipeEntryPoint.foregroundApp(setUp: { _ in }, didReceiveRemoteMessage: { _, _ in })
        let withMessages = handlers(DeviceEntry.decide(input: nil, code: app))
        #expect(withMessages?.onMessage != nil && withMessages?.runsInForeground == true)
        let without = handlers(DeviceEntry.decide(input: nil, code: app, withoutExtension: true))
        #expect(without?.appSetUp != nil && without?.onMessage == nil && without?.runsInForeground == true)
    }

    @Test("a local example goes to local-notification code with its arguments; to other code it is refused at its 'local' value")
    func localExamplesNeedLocalCode() {
        let input = parse("{\"local\":\n  {\"title\": \"From the example\"}}")
        guard case .success(.local(let schedule)) = DeviceEntry.decide(input: input, code: Self.localCode) else {
            Issue.record("a local example to local code is not a local run")
            return
        }
        #expect(schedule.simulate(on: NotificationDevice()).record.delivered?.title == "From the example")
        #expect(DeviceEntry.decide(input: input, code: Self.recipeExtension).mismatch == .localInputForPushCode(location: SourceLocation(line: 2, column: 3)))
    }

    @Test("a push (or an input that is not JSON) to local-notification code is refused")
    func pushesToLocalCodeAreRefused() {
        #expect(DeviceEntry.decide(input: parse(Self.push), code: Self.localCode).mismatch == .pushForLocalCode)
        #expect(DeviceEntry.decide(input: nil, code: Self.localCode).mismatch == .pushForLocalCode)
    }

    private func parse(_ text: String) -> JSONValue? { try? JSONReader.parse(Array(text.utf8)).get() }
}

private extension Result where Success == DeviceEntry, Failure == DeviceEntry.Mismatch {
    /// The refusal, or nil when the input runs.
    var mismatch: DeviceEntry.Mismatch? {
        if case .failure(let mismatch) = self { return mismatch }
        return nil
    }
}
