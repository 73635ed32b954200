import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// A request for `.provisional` from a user who has not been asked is granted at once, and the
/// pushes after it are delivered quietly.
@Suite("Provisional authorization requested by the app")
struct ProvisionalRequestTests {
    static let push = #"{"aps": {"alert": "Order confirmed", "sound": "default", "badge": 1}}"#

    /// Delivers the push to a never-asked user with launch code that requests `options`.
    static func deliver(requesting options: UNAuthorizationOptions, granted: Locked<Bool?>) -> DeliveryRecord {
        var app = AppConfiguration()
        app.settings = DeviceSettings(authorizationStatus: .notDetermined)
        let handlers = PushHandlers(appLaunch: { center in
            center.requestAuthorization(options: options) { answer, _ in granted.withLock { $0 = answer } }
        })
        return handlers.simulate(TestSupport.lint(Self.push), on: NotificationDevice(app: app)).record
    }

    @Test("with .provisional: granted without a prompt, and the push goes quietly to Notification Center")
    func provisionalIsGranted() {
        let granted = Locked<Bool?>(nil)
        let record = Self.deliver(requesting: [.alert, .sound, .badge, .provisional], granted: granted)
        #expect(record.settings?.authorizationStatus == "provisional")
        #expect(record.settings?.shownIn == ["notificationCenter"])
        #expect(record.settings?.soundPlays == false && record.settings?.badgeApplied == false)
        #expect(record.delivered != nil)
    }

    @Test("without .provisional the user has still not answered: not granted, nothing delivered")
    func plainRequestWaitsForTheUser() {
        let granted = Locked<Bool?>(nil)
        let record = Self.deliver(requesting: [.alert, .sound, .badge], granted: granted)
        #expect(record.settings?.authorizationStatus == "notDetermined")
        #expect(record.delivered == nil)
    }
}
