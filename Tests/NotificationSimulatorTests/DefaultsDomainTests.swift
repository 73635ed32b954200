import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// The defaults databases of a simulated device (`DefaultsDomain`, behind the recipes' `UserDefaults`
/// on Linux): an App Group the entitlements list is shared by the app and its extension across the
/// pushes of one device; the standard defaults and any other suite are each process's own.
@Suite("Defaults databases of a device", .serialized)
struct DefaultsDomainTests {
    /// What each extension run found after adding one: the listed group's, its standard defaults', the unlisted group's.
    static let seen = Locked<[[Int]]>([])

    /// An extension that adds one to "n" in three databases and notes the new values.
    final class Counter: UNNotificationServiceExtension {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            let values = ["group.test", nil, "group.unlisted"].map { name -> Int in
                let domain = DefaultsDomain.named(name)!
                let next = (domain.value(forKey: "n") as? Int ?? 0) + 1
                domain.set(next, forKey: "n")
                return next
            }
            DefaultsDomainTests.seen.withLock { $0.append(values) }
            contentHandler(request.content)
        }
    }

    static let push = #"{"aps": {"alert": "Hi", "mutable-content": 1}}"#
    static let silent = #"{"aps": {"content-available": 1}}"#

    /// The extension, and an app whose background handler writes 10 into each database.
    static let handlers = PushHandlers(makeExtension: { Counter() }, appLaunch: { _ in }, backgroundPush: { _, _, completion in
        for name in ["group.test", nil, "group.unlisted"] { DefaultsDomain.named(name)?.set(10, forKey: "n") }
        completion()
    })

    /// The values the extension saw over push, push, background push (the app writes), push, on one device.
    static func sequence(appGroups: [String]) -> [[Int]] {
        seen.withLock { $0 = [] }
        var app = AppConfiguration(backgroundModes: ["remote-notification"])
        app.appGroups = appGroups
        let device = NotificationDevice(app: app)
        let session = DeviceSession()
        for push in [Self.push, Self.push] { _ = handlers.simulate(TestSupport.lint(push), on: device, session: session) }
        _ = handlers.simulate(TestSupport.lint(Self.silent, headers: ["apns-push-type": "background", "apns-priority": "5"]), on: device, session: session)
        _ = handlers.simulate(TestSupport.lint(Self.push), on: device, session: session)
        return seen.current
    }

    @Test("a listed App Group's defaults are the app's and the extension's; standard and unlisted suites are each process's own; all carry over")
    func listedGroupIsShared() {
        #expect(Self.sequence(appGroups: ["group.test"]) == [[1, 1, 1], [2, 2, 2], [11, 3, 3]])
    }

    @Test("without the App Group in the entitlements, the group's suite is the extension's own: the app's write never reaches it")
    func unlistedGroupIsPrivate() {
        #expect(Self.sequence(appGroups: []) == [[1, 1, 1], [2, 2, 2], [3, 3, 3]])
    }

    @Test("a new device starts with empty defaults")
    func newDeviceStartsEmpty() {
        _ = Self.sequence(appGroups: ["group.test"])
        Self.seen.withLock { $0 = [] }
        var app = AppConfiguration()
        app.appGroups = ["group.test"]
        _ = Self.handlers.simulate(TestSupport.lint(Self.push), on: NotificationDevice(app: app), session: DeviceSession())
        _ = Self.handlers.simulate(TestSupport.lint(Self.push), on: NotificationDevice(app: app))
        #expect(Self.seen.current == [[1, 1, 1], [1, 1, 1]])
    }

    @Test("outside a simulation a suite lives in memory, nothing is written under the home folder, and NSGlobalDomain is refused")
    func outsideASimulationNothingOnDisk() throws {
        let name = "pushbook-test-\(UUID().uuidString)"
        let stored = SimulationContext.betweenRuns { () -> Any? in
            let domain = DefaultsDomain.named(name)
            domain?.set(["a": [1, 2]], forKey: "k")
            return DefaultsDomain.named(name)?.value(forKey: "k")
        }
        #expect((stored as? [String: [Int]]) == ["a": [1, 2]])
        let config = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config/\(name).plist")
        #expect(!FileManager.default.fileExists(atPath: config.path))
        #expect(DefaultsDomain.named("NSGlobalDomain") == nil)
    }

    @Test("property lists are strings, numbers, dates, data, and arrays and string-keyed dictionaries of them")
    func propertyListsAreRecognised() {
        #expect(DefaultsDomain.isPropertyList(["a": [1, 2.5, "x", true, Date(), Data([1])] as [Any]] as [String: Any]))
        #expect(!DefaultsDomain.isPropertyList(URL(fileURLWithPath: "/")))
        #expect(!DefaultsDomain.isPropertyList(["a": Counter()] as [String: Any]))
        #expect(!DefaultsDomain.isPropertyList([1: "one"]))
    }
}
