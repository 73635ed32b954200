import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

@Suite("The simulated device decides what runs and what is shown", .serialized)
struct DeviceTests {
    static let imagePush = """
    {"aps": {"alert": {"title": "Golden hour", "body": "Sunset"}, "mutable-content": 1},
     "fcm_options": {"image": "https://img.example.com/a.png"}}
    """

    @Test("an image push runs the extension, which attaches one public.png and calls the handler once")
    func imagePushIsAttached() throws {
        let device = NotificationDevice(manifest: TestSupport.manifest(url: "https://img.example.com/a.png", latency: 300))
        let record = device.deliver(TestSupport.lint(Self.imagePush), makeExtension: { DownloadingExtension() })
        let ext = try #require(record.serviceExtension)
        #expect(ext.invoked)
        #expect(ext.contentHandlerCalls == 1)
        #expect(ext.elapsedMilliseconds == 300)
        #expect(record.delivered?.attachments.map(\.type) == ["public.png"])
        #expect(record.delivered?.title == "Golden hour")
    }

    @Test("an extension that writes into content it already handed over (the reviewed fcm-image's race) is reported")
    func changeAfterHandlerIsReported() throws {
        let device = NotificationDevice(manifest: TestSupport.manifest(url: "https://img.example.com/a.png", latency: 45_000))
        let record = device.deliver(TestSupport.lint(Self.imagePush), makeExtension: { DownloadingExtension() })
        #expect(record.serviceExtension?.expired == true)
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(record.diagnostics.contains { $0.rule == "ios.content-changed-after-handler" })
    }

    @Test("content-available plus mutable-content without alert wakes the app and runs no extension")
    func silentPushWakesAppOnly() throws {
        let push = #"{"aps": {"content-available": 1, "mutable-content": 1}, "kind": "sync"}"#
        let device = NotificationDevice(app: AppConfiguration(backgroundModes: ["remote-notification"]))
        let record = device.deliver(TestSupport.lint(push, headers: ["apns-push-type": "background", "apns-priority": "5"]), makeExtension: { DownloadingExtension() })
        #expect(record.appWoken)
        #expect(record.delivered == nil)
        #expect(record.serviceExtension?.invoked == false)
    }

    @Test("an extension that never calls its handler shows the original content after 30 virtual seconds, in milliseconds")
    func silentExtensionTimesOut() throws {
        final class Mute: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {}
        }
        let started = Date()
        let record = NotificationDevice().deliver(TestSupport.lint(Self.imagePush), makeExtension: { Mute() })
        let elapsed = Date().timeIntervalSince(started)
        let ext = try #require(record.serviceExtension)
        #expect(ext.expired)
        #expect(ext.contentHandlerCalls == 0)
        #expect(ext.elapsedMilliseconds == 30_000)
        #expect(record.delivered?.body == "Sunset")
        #expect(record.diagnostics.contains { $0.rule == "ios.time-budget" })
        #expect(elapsed < 5, "virtual time must not sleep")
    }

    @Test("a 45-second download is cut off at the budget, and the late completion does not count")
    func slowDownloadExpires() throws {
        let device = NotificationDevice(manifest: TestSupport.manifest(url: "https://img.example.com/a.png", latency: 45_000))
        let started = Date()
        let record = device.deliver(TestSupport.lint(Self.imagePush), makeExtension: { DownloadingExtension() })
        let ext = try #require(record.serviceExtension)
        #expect(ext.expired)
        #expect(ext.contentHandlerCalls == 1)
        #expect(ext.elapsedMilliseconds == 30_000)
        #expect(ext.fetches.first?.late == true)
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("a second handler call is reported and the first content wins")
    func secondCallIsReported() throws {
        final class Twice: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let first = request.content.mutableCopy() as? UNMutableNotificationContent
                first?.title = "first"
                contentHandler(first ?? request.content)
                let second = request.content.mutableCopy() as? UNMutableNotificationContent
                second?.title = "second"
                contentHandler(second ?? request.content)
            }
        }
        let record = NotificationDevice().deliver(TestSupport.lint(Self.imagePush), makeExtension: { Twice() })
        #expect(record.serviceExtension?.contentHandlerCalls == 2)
        #expect(record.delivered?.title == "first")
        #expect(record.diagnostics.contains { $0.rule == "ios.content-handler-called-twice" })
    }

    @Test("content without any alert text is ignored and the original is shown")
    func emptiedContentIsIgnored() {
        final class Eraser: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as? UNMutableNotificationContent
                content?.title = ""; content?.body = ""
                contentHandler(content ?? request.content)
            }
        }
        let record = NotificationDevice().deliver(TestSupport.lint(Self.imagePush), makeExtension: { Eraser() })
        #expect(record.delivered?.title == "Golden hour")
        #expect(record.diagnostics.contains { $0.rule == "ios.modified-content-without-alert" })
    }

    @Test("an extension that blocks forever is cut off and cannot hang the simulator")
    func hangingExtensionIsCutOff() throws {
        final class Hang: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                DispatchSemaphore(value: 0).wait()
            }
        }
        let started = Date()
        let record = NotificationDevice().deliver(TestSupport.lint(Self.imagePush), makeExtension: { Hang() })
        #expect(record.serviceExtension?.expired == true)
        #expect(record.delivered?.body == "Sunset")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("mutable-content as the Boolean true does not run the extension (a modelling choice)")
    func booleanFlagDoesNotRun() {
        let push = #"{"aps": {"alert": {"body": "Hi"}, "mutable-content": true}}"#
        let record = NotificationDevice().deliver(TestSupport.lint(push), makeExtension: { DownloadingExtension() })
        #expect(record.serviceExtension?.invoked == false)
        #expect(record.delivered?.body == "Hi")
    }

    @Test("the same input gives a byte-identical record")
    func recordsAreDeterministic() {
        let device = NotificationDevice(manifest: TestSupport.manifest(url: "https://img.example.com/a.png", latency: 120))
        let first = device.deliver(TestSupport.lint(Self.imagePush), makeExtension: { DownloadingExtension() }).text
        let second = device.deliver(TestSupport.lint(Self.imagePush), makeExtension: { DownloadingExtension() }).text
        #expect(first == second)
        #expect(first.hasSuffix("}\n"))
    }

    @Test("a URL missing from the manifest fails like an unreachable host")
    func unknownURLFails() throws {
        let record = NotificationDevice().deliver(TestSupport.lint(Self.imagePush), makeExtension: { DownloadingExtension() })
        let fetch = try #require(record.serviceExtension?.fetches.first)
        #expect(fetch.status == nil)
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
    }
}

@Suite("Apps in the foreground", .serialized)
struct ForegroundTests {
    /// A delegate that presents with fixed options.
    final class Presenter: NSObject, UNUserNotificationCenterDelegate {
        let options: UNNotificationPresentationOptions
        init(_ options: UNNotificationPresentationOptions) { self.options = options; super.init() }
        func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
            completionHandler(options)
        }
    }

    static let push = #"{"aps": {"alert": {"title": "Mina", "body": "Hi"}}, "showLocally": "yes"}"#

    @Test("the delegate's options decide how a foreground push is presented, and an app that shows its own copy makes a duplicate")
    func duplicateInForeground() {
        let presenter = Presenter([.banner, .list, .sound])
        let device = NotificationDevice(app: AppConfiguration(isInForeground: true))
        let record = device.deliver(TestSupport.lint(Self.push), makeExtension: nil, appSetUp: { $0.delegate = presenter }, onMessage: { userInfo, center in
            let content = UNMutableNotificationContent()
            content.title = "Mina"
            content.body = "Hi"
            center.add(UNNotificationRequest(identifier: "local", content: content, trigger: nil))
        })
        #expect(record.presentationNames == ["banner", "list", "sound"])
        #expect(record.localNotifications.count == 1)
        _ = presenter
    }

    @Test("a data-only push in the foreground reaches the app's message handler, and its local copy shows only through the delegate")
    func dataOnlyReachesOnMessage() {
        let device = NotificationDevice(app: AppConfiguration(isInForeground: true))
        let push = #"{"aps": {"content-available": 1}, "text": "Hi"}"#
        let onMessage: ([AnyHashable: Any], UNUserNotificationCenter) -> Void = { userInfo, center in
            let content = UNMutableNotificationContent()
            content.body = userInfo["text"] as? String ?? ""
            center.add(UNNotificationRequest(identifier: "local", content: content, trigger: nil))
        }
        let lint = TestSupport.lint(push, headers: ["apns-push-type": "background", "apns-priority": "5"])
        let silenced = device.deliver(lint, makeExtension: nil, onMessage: onMessage)
        #expect(silenced.delivered == nil)
        #expect(silenced.localNotifications.isEmpty)
        #expect(silenced.diagnostics.contains { $0.rule == "ios.foreground-presentation" && $0.message.contains("no UNUserNotificationCenterDelegate") })

        let presenter = Presenter([.banner, .list])
        let shown = device.deliver(lint, makeExtension: nil, appSetUp: { $0.delegate = presenter }, onMessage: onMessage)
        #expect(shown.delivered == nil)
        #expect(shown.localNotifications.first?.body == "Hi")
        _ = presenter
    }

    @Test("time-sensitive without its entitlement is delivered as active, with a warning")
    func interruptionLevelDowngrade() {
        let push = #"{"aps": {"alert": {"body": "Now"}, "interruption-level": "time-sensitive"}}"#
        let plain = NotificationDevice().deliver(TestSupport.lint(push), makeExtension: nil)
        #expect(plain.delivered?.interruptionLevel == .active)
        #expect(plain.diagnostics.contains { $0.rule == "ios.interruption-level-entitlement" })
        let entitled = NotificationDevice(app: AppConfiguration(entitlements: [AppConfiguration.timeSensitiveEntitlement])).deliver(TestSupport.lint(push), makeExtension: nil)
        #expect(entitled.delivered?.interruptionLevel == .timeSensitive)
    }

    @Test("the device builds the notification from the typed aps: a repeated key is read from its first member, as the linter reads it")
    func contentFromTypedAPS() throws {
        let push = #"{"aps": {"alert": {"title": "First", "title": "Second", "loc-key": "BODY_KEY"}, "badge": 4, "badge": 5, "thread-id": "t", "interruption-level": "passive", "relevance-score": 0.5}}"#
        let lint = TestSupport.lint(push)
        let record = NotificationDevice().deliver(lint, makeExtension: nil)
        let shown = try #require(record.delivered)
        #expect(shown.title == lint.request?.typedPayload.aps?.alert?.title)
        #expect(shown.title == "First")
        #expect(shown.body == "BODY_KEY")
        #expect(shown.badge == 4)
        #expect(shown.threadIdentifier == "t")
        #expect(shown.relevanceScore == 0.5)
        #expect(record.json["delivered"]?["interruptionLevel"]?.stringValue == "passive")
    }

}
