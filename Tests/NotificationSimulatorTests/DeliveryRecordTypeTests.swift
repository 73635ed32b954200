import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// The delivery record holds typed values; its JSON spells them as before.
@Suite("Typed delivery record", .serialized)
struct DeliveryRecordTypeTests {
    /// On 0149a3f the avatar's bytes were a field of the record (`Delivered.previewImages`), left out
    /// of its JSON but part of its equality.
    @Test("the avatar's bytes travel beside the record, not in it: the run carries them, the record's JSON and equality never see them")
    func previewImagesAreNotInTheRecord() throws {
        let device = NotificationDevice(app: TestSupport.chatApp)
        let run = device.simulate(TestSupport.lint(CommunicationTests.push), makeExtension: { MessageExtension() })
        #expect(run.delivered.avatar == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(run.record == device.deliver(TestSupport.lint(CommunicationTests.push), makeExtension: { MessageExtension() }))
        let delivered = try #require(run.record.delivered)
        let types = Mirror(reflecting: delivered).children.map { "\(type(of: $0.value))" }
        #expect(!types.isEmpty && !types.contains { $0.contains("Data") || $0.contains("PreviewImages") })
        #expect(!run.record.text.contains("iVBO"))
    }

    @Test("input kind, receiver, icon, interruption level and presentation are the types that exist, written as their payload spellings")
    func fieldsAreTyped() throws {
        let push = #"{"aps": {"alert": {"title": "Mina", "body": "Dinner at 8?"}, "interruption-level": "passive", "mutable-content": 1}}"#
        var app = TestSupport.chatApp
        app.isInForeground = true
        let presenter = ForegroundTests.Presenter([.banner, .sound])
        let record = NotificationDevice(app: app).deliver(TestSupport.lint(push), makeExtension: { MessageExtension() }, appSetUp: { $0.delegate = presenter })
        _ = presenter
        #expect(record.inputKind == .apns)
        #expect(record.receivedBy == .userNotifications)
        let delivered = try #require(record.delivered)
        #expect(delivered.icon == .senderAvatar)
        #expect(delivered.interruptionLevel == .passive)
        #expect(record.presentation == [.banner, .sound])
        #expect(record.presentationNames == ["banner", "sound"])
        let json = record.json
        #expect(json["input"]?["kind"]?.stringValue == "apns")
        #expect(json["receivedBy"]?.stringValue == "user-notifications")
        #expect(json["delivered"]?["icon"]?.stringValue == "sender-avatar")
        #expect(json["delivered"]?["interruptionLevel"]?.stringValue == "passive")
        #expect(json["presentation"]?.arrayValue?.compactMap(\.stringValue) == ["banner", "sound"])
    }

    @Test("the deprecated alert option is recorded as banner and list, and counts as shown")
    func deprecatedAlertOption() {
        var record = NotificationDevice().deliver(TestSupport.lint(#"{"aps": {"alert": "Hi"}}"#), makeExtension: nil)
        record.presentation = UNNotificationPresentationOptions(rawValue: 1 << 2)
        #expect(record.presentationNames == ["banner", "list"])
        #expect(record.isPresented)
        record.presentation = [.badge]
        #expect(!record.isPresented)
    }
}
