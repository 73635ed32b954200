import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// Empty content from a service extension hides the notification only with the filtering entitlement.
@Suite("The filtering entitlement")
struct FilteringTests {
    /// An extension that hands over empty content.
    final class Hide: UNNotificationServiceExtension {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            contentHandler(UNNotificationContent())
        }
    }

    static let push = #"{"aps": {"alert": {"title": "Mina", "body": "Read already"}, "mutable-content": 1}}"#

    @Test("with the entitlement, empty content shows nothing and says why")
    func entitledExtensionHides() {
        let device = NotificationDevice(app: AppConfiguration(entitlements: [AppConfiguration.filteringEntitlement]))
        let session = DeviceSession()
        let run = device.simulate(TestSupport.lint(Self.push), makeExtension: { Hide() }, session: session)
        #expect(run.record.delivered == nil)
        #expect(run.record.serviceExtension?.contentHandlerCalls == 1)
        #expect(run.record.diagnostics.map(\.rule).contains("ios.notification-filtering"))
        #expect(run.record.notificationCenter?.notifications.isEmpty == true)
    }

    @Test("without the entitlement, iOS shows the original push and the record warns")
    func unentitledExtensionCannotHide() {
        let record = NotificationDevice().deliver(TestSupport.lint(Self.push), makeExtension: { Hide() })
        #expect(record.delivered?.body == "Read already")
        let warning = record.diagnostics.first { $0.rule == "ios.modified-content-without-alert" }
        #expect(warning?.message.contains("filtering entitlement") == true)
        #expect(!record.diagnostics.map(\.rule).contains("ios.notification-filtering"))
    }
}
