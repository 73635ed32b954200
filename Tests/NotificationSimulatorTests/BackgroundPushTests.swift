import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// A background push wakes an app with the Remote notifications background mode: its handler gets
/// the payload and 30 s of virtual time, and what it removes leaves the session's Notification Center.
@Suite("Background pushes reach the app's handler")
struct BackgroundPushTests {
    static let shown = #"{"aps": {"alert": {"title": "Mina", "body": "Hi"}}, "messageId": "m-1"}"#
    static let silent = #"{"aps": {"content-available": 1}, "deletedMessageId": "m-1"}"#
    static let background = ["apns-push-type": "background", "apns-priority": "5"]

    /// Handlers whose background code removes every delivered notification, calling `complete` when told to.
    static func handlers(completes: Bool, calls: Locked<Int>) -> PushHandlers {
        PushHandlers(appLaunch: { _ in }, backgroundPush: { userInfo, center, completion in
            calls.withLock { $0 += 1 }
            guard userInfo["deletedMessageId"] as? String == "m-1" else { return }
            center.removeAllDeliveredNotifications()
            if completes { completion() }
        })
    }

    @Test("the handler gets the payload and what it removes leaves Notification Center")
    func handlerRemovesWhatWasShown() {
        let device = NotificationDevice(app: AppConfiguration(backgroundModes: ["remote-notification"]))
        let session = DeviceSession()
        let calls = Locked(0)
        let handlers = Self.handlers(completes: true, calls: calls)
        let first = handlers.simulate(TestSupport.lint(Self.shown), on: device, session: session).record
        #expect(first.notificationCenter?.notifications.count == 1)
        let second = handlers.simulate(TestSupport.lint(Self.silent, headers: Self.background), on: device, session: session).record
        #expect(second.appWoken)
        #expect(calls.current == 1)
        #expect(second.notificationCenter?.notifications.isEmpty == true)
        #expect(!second.diagnostics.contains { $0.rule == "ios.background-push-handler" })
        #expect(second.background?.completed == true)
    }

    @Test("without the background mode iOS does not wake the app: the handler never runs and the notification stays")
    func noBackgroundModeNoWake() {
        let device = NotificationDevice(app: AppConfiguration())
        let session = DeviceSession()
        let calls = Locked(0)
        let handlers = Self.handlers(completes: true, calls: calls)
        _ = handlers.simulate(TestSupport.lint(Self.shown), on: device, session: session)
        let second = handlers.simulate(TestSupport.lint(Self.silent, headers: Self.background), on: device, session: session).record
        #expect(!second.appWoken)
        #expect(calls.current == 0)
        #expect(second.background == nil)
        #expect(second.notificationCenter?.notifications.count == 1)
    }

    @Test("a handler that never calls its completion handler is a warning after 30 s of virtual time")
    func unfinishedHandlerWarns() {
        let device = NotificationDevice(app: AppConfiguration(backgroundModes: ["remote-notification"]))
        let record = Self.handlers(completes: false, calls: Locked(0)).simulate(TestSupport.lint(Self.silent, headers: Self.background), on: device).record
        let warning = record.diagnostics.first { $0.rule == "ios.background-push-handler" }
        #expect(warning?.severity == .warning)
        #expect(warning?.message.contains("within 30 s") == true)
        #expect(record.background == DeliveryRecord.BackgroundPart(completed: false, elapsedMilliseconds: 30_000, fetches: []))
    }
}
