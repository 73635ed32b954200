import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// A delegate that implements only the async form of willPresent.
final class AsyncPresenter: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }
}

/// A delegate that handles taps only, as many apps' delegates do.
final class TapOnlyDelegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping @Sendable () -> Void) {
        completionHandler()
    }
}

/// An extension that shows the push as a message whose sender's avatar is `INImage(named:)`.
final class BundleAvatarService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let sender = INPerson(personHandle: INPersonHandle(value: "mina", type: .unknown), nameComponents: nil, displayName: "Mina",
                              image: INImage(named: "mina"), contactIdentifier: nil, customIdentifier: nil)
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: request.content.body, speakableGroupName: nil,
                                         conversationIdentifier: "mina", serviceName: nil, sender: sender, attachments: nil)
        let handler = UncheckedBox(contentHandler)
        let content = UncheckedBox(request.content)
        let message = UncheckedBox(intent)
        INInteraction(intent: intent, response: nil).donate { error in
            let updated = error == nil ? (try? content.value.updating(from: message.value)) : nil
            handler.value(updated ?? content.value)
        }
    }
}

@Suite("Behaviour as Apple documents it", .serialized)
struct AppleBehaviourTests {
    static let push = #"{"aps": {"alert": {"title": "Mina", "body": "Hi"}, "mutable-content": 1}}"#

    @Test("a delegate that implements only the async willPresent decides the foreground presentation")
    func asyncWillPresent() {
        let presenter = AsyncPresenter()
        let device = NotificationDevice(app: AppConfiguration(isInForeground: true))
        let record = device.deliver(TestSupport.lint(Self.push), makeExtension: nil, appSetUp: { $0.delegate = presenter })
        #expect(record.presentationNames == ["banner", "sound"])
        _ = presenter
    }

    @Test("a delegate without willPresent silences a notification that arrives in the foreground")
    func delegateWithoutWillPresentSilences() {
        let delegate = TapOnlyDelegate()
        let device = NotificationDevice(app: AppConfiguration(isInForeground: true))
        let record = device.deliver(TestSupport.lint(Self.push), makeExtension: nil, appSetUp: { $0.delegate = delegate })
        #expect(record.presentationNames == [])
        #expect(record.diagnostics.contains { $0.rule == "ios.foreground-presentation" && $0.message.contains("does not implement") })
        _ = delegate
    }

    @Test("a local request's attachment file moves into the store at add: deleting it afterwards changes nothing, reusing it fails")
    func localAttachmentMovesAtAdd() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("photo.png")
        try TestSupport.pngBytes(500).write(to: file)
        let errors = LockedList()
        let record = NotificationDevice().runLocal { center in
            guard let attachment = try? UNNotificationAttachment(identifier: "photo", url: file) else { return }
            for identifier in ["first", "second"] {
                let content = UNMutableNotificationContent()
                content.body = identifier
                content.attachments = [attachment]
                center.add(UNNotificationRequest(identifier: identifier, content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false))) { error in
                    errors.append((error as? UNError)?.code.rawValue ?? 0)
                }
                try? FileManager.default.removeItem(at: file) // the app cleans up at once: the store has its copy
            }
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(record.delivered?.body == "first")
        #expect(record.delivered?.attachments.first?.bytes == 500)
        #expect(record.localNotifications.isEmpty)
        #expect(errors.values == [0, UNError.Code.attachmentMoveIntoDataStoreFailed.rawValue])
        #expect(record.diagnostics.contains { $0.rule == "ios.local-attachment-moved-at-add" })
    }

    @Test("INImage(named:) loads from the extension's bundle; a name the bundle lacks fails the donation, and the record names that cause")
    func imageNamedUsesTheBundle() throws {
        let found = NotificationDevice(app: TestSupport.chatApp, bundle: ["mina.png": TestSupport.pngBytes(80)])
            .deliver(TestSupport.lint(Self.push), makeExtension: { BundleAvatarService() })
        #expect(found.delivered?.communication?.senderHasImage == true)
        #expect(found.delivered?.communication?.donated == true)

        let missing = NotificationDevice(app: TestSupport.chatApp).deliver(TestSupport.lint(Self.push), makeExtension: { BundleAvatarService() })
        #expect(missing.delivered?.icon == .app)
        let diagnostic = try #require(missing.diagnostics.first { $0.rule == "ios.inimage-named-bundle" })
        #expect(diagnostic.message.contains("INImage(named: \"mina\")"))
        #expect(!missing.diagnostics.contains { $0.rule == "ios.inimage-url-local-only" })
    }

    @Test("donationMetadata is copied on assignment: changing the object afterwards changes nothing")
    func donationMetadataIsCopied() throws {
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi", speakableGroupName: nil,
                                         conversationIdentifier: "c", serviceName: nil, sender: nil, attachments: nil)
        let metadata = INSendMessageIntentDonationMetadata()
        metadata.recipientCount = 3
        intent.donationMetadata = metadata
        metadata.recipientCount = 9
        let stored = try #require(intent.donationMetadata as? INSendMessageIntentDonationMetadata)
        #expect(stored.recipientCount == 3)
        #expect(stored !== metadata)
    }

    @Test("a call intent updates the content as a communication from the caller")
    func callIntentProvidesContent() throws {
        let caller = INPerson(personHandle: INPersonHandle(value: "+15550100", type: .phoneNumber), nameComponents: nil, displayName: "Jun",
                              image: INImage(imageData: TestSupport.pngBytes(40)), contactIdentifier: nil, customIdentifier: nil)
        let intent = INStartCallIntent(callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown, destinationType: .normal,
                                       contacts: [caller], callCapability: .audioCall)
        let updated = try UNMutableNotificationContent().updating(from: intent)
        #expect(updated.communication?.senderName == "Jun")
        #expect(updated.communication?.senderHasImage == true)
    }

    @Test("both triggers' nextTriggerDate() count from the simulated device's clock")
    func nextTriggerDates() {
        let context = SimulationContext(network: FixtureNetwork(manifest: FixtureManifest()))
        SimulationContext.with(context) {
            #expect(UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: false).nextTriggerDate() == SimulationContext.epoch.addingTimeInterval(90))
            var nine = DateComponents()
            nine.hour = 9
            #expect(UNCalendarNotificationTrigger(dateMatching: nine, repeats: true).nextTriggerDate() == SimulationContext.epoch.addingTimeInterval(9 * 3600))
        }
    }

    @Test("UNError has Apple's domain, codes and pattern matching")
    func errorShape() {
        let error: any Error = UNError(.notificationsNotAllowed)
        #expect((error as NSError).domain == UNErrorDomain)
        #expect(UNError.errorDomain == "UNErrorDomain")
        switch error {
        case UNError.notificationsNotAllowed: break
        default: Issue.record("catch UNError.notificationsNotAllowed did not match")
        }
        #expect(UNError.badgeInputInvalid.rawValue == 1600)
    }
}

/// A list the app's completion handlers append to.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int] = []
    func append(_ value: Int) { lock.lock(); items.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return items }
}
