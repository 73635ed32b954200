import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`: a container per App Group the
/// app's entitlements list, shared by the pushes of one device and gone with it.
@Suite("App Group containers")
struct AppGroupContainerTests {
    /// An extension that appends a line to `log` in the group's container and reports what it found.
    final class Appender: UNNotificationServiceExtension {
        nonisolated(unsafe) static var seen: [String?] = []
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            let file = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.test")?.appendingPathComponent("log")
            let before = file.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
            if let file { try? (before + "x").write(to: file, atomically: true, encoding: .utf8) }
            Self.seen.append(file == nil ? nil : before + "x")
            contentHandler(request.content)
        }
    }

    static let push = #"{"aps": {"alert": "Hi", "mutable-content": 1}}"#

    @Test("the pushes of one device share the container; another device starts with an empty one; without the entitlement it is nil")
    func containersFollowTheDevice() throws {
        Appender.seen = []
        var app = AppConfiguration()
        app.appGroups = ["group.test"]
        let device = NotificationDevice(app: app)
        let session = DeviceSession()
        for _ in 0..<2 { _ = device.simulate(TestSupport.lint(Self.push), makeExtension: { Appender() }, session: session) }
        _ = device.simulate(TestSupport.lint(Self.push), makeExtension: { Appender() }, session: DeviceSession())
        _ = NotificationDevice().simulate(TestSupport.lint(Self.push), makeExtension: { Appender() })
        #expect(Appender.seen == ["x", "xx", "x", nil])
    }

    @Test("outside a simulation there is no container, and a device's containers are removed with it")
    func noContainerOutsideAndRemovedAfter() throws {
        // Other tests simulate on other threads at the same time: asked between their runs.
        let outside = SimulationContext.betweenRuns { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.test") }
        #expect(outside == nil)
        var folder: URL?
        do {
            let containers = AppGroupContainers()
            folder = containers.container("group.test")
            #expect(folder.map { FileManager.default.fileExists(atPath: $0.path) } == true)
        }
        #expect(folder.map { FileManager.default.fileExists(atPath: $0.path) } == false)
    }

    @Test("the entitlements' application-groups array names the groups")
    func entitlementsListTheGroups() throws {
        let plist = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>com.apple.security.application-groups</key><array><string>group.a</string><string>group.b</string></array></dict></plist>"#
        let app = try AppConfiguration.parse(entitlements: Data(plist.utf8), infoPlist: nil)
        #expect(app.appGroups == ["group.a", "group.b"])
    }
}
