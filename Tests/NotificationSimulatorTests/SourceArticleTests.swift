import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Payloads
@testable import NotificationSimulator

/// The extension of the Stack Overflow answer the cookbook started from (seed 000), in its style:
/// attach first, a sender plus an `isMe` recipient, `setImage(\.sender)`, no donation, and the
/// result of `updating(from:)` cast with `as?` and force-unwrapped. (Downloads come from the
/// simulator's fixtures instead of `Data(contentsOf:)`.)
final class StackOverflowStyleService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        if bestAttemptContent == nil { return }
        let content = bestAttemptContent!
        let senderAvatar = INImage(imageData: TestSupport.pngBytes(64))
        var personNameComponents = PersonNameComponents()
        personNameComponents.nickname = "Sender A"
        let senderPerson = INPerson(personHandle: INPersonHandle(value: "f91840a2", type: .unknown), nameComponents: personNameComponents,
                                    displayName: "Sender A", image: senderAvatar, contactIdentifier: nil, customIdentifier: nil,
                                    isMe: false, suggestionType: .none)
        let selfPerson = INPerson(personHandle: INPersonHandle(value: "00000000", type: .unknown), nameComponents: nil, displayName: nil,
                                  image: nil, contactIdentifier: nil, customIdentifier: nil, isMe: true, suggestionType: .none)
        let incomingMessagingIntent = INSendMessageIntent(recipients: [selfPerson], outgoingMessageType: .outgoingMessageText,
                                                          content: content.body, speakableGroupName: nil, conversationIdentifier: "My Custom Room",
                                                          serviceName: nil, sender: senderPerson, attachments: [])
        incomingMessagingIntent.setImage(senderAvatar, forParameterNamed: \.sender)
        let interaction = INInteraction(intent: incomingMessagingIntent, response: nil)
        interaction.direction = .incoming
        do {
            bestAttemptContent = try content.updating(from: incomingMessagingIntent) as? UNMutableNotificationContent
            contentHandler(bestAttemptContent!)
        } catch let error {
            print("error \(error)")
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}

/// The Korean blog's second version (seed 003): donate, update the request's (immutable) content,
/// then mutate a mutable copy of the updated content, which Apple asks not to do.
final class MutateAfterUpdateService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let avatar = INImage(imageData: TestSupport.pngBytes(64))
        let sender = INPerson(personHandle: INPersonHandle(value: "unique-sender-id-2", type: .unknown), nameComponents: nil,
                              displayName: request.content.title, image: avatar, contactIdentifier: nil, customIdentifier: nil,
                              isMe: false, suggestionType: .none)
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Message content",
                                         speakableGroupName: nil, conversationIdentifier: "unique-conversation-id-1", serviceName: nil,
                                         sender: sender, attachments: nil)
        let handler = UncheckedBox(contentHandler)
        let original = UncheckedBox(request.content)
        let message = UncheckedBox(intent)
        INInteraction(intent: intent, response: nil).donate { error in
            if error != nil { return }
            if let updated = try? original.value.updating(from: message.value),
               let updatedMutable = updated.mutableCopy() as? UNMutableNotificationContent {
                updatedMutable.subtitle = "edited after the update"
                handler.value(updatedMutable)
            }
        }
    }
}

@Suite("Code in the style of the source articles does what the articles report", .serialized)
struct SourceArticleTests {
    static let push = #"{"aps": {"alert": {"title": "Sender A", "body": "Hello Service Extension"}, "mutable-content": 1}, "type": "chat"}"#

    @Test("the Stack Overflow answer's force-unwrapped `as? UNMutableNotificationContent` of updating(from:) succeeds, as the answer reports of devices")
    func forceUnwrappedCastSucceeds() throws {
        let record = NotificationDevice(app: TestSupport.chatApp).deliver(TestSupport.lint(Self.push), makeExtension: { StackOverflowStyleService() })
        let delivered = try #require(record.delivered)
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        #expect(delivered.icon == .senderAvatar)
        #expect(delivered.communication?.senderName == "Sender A")
        #expect(delivered.communication?.donated == false)
        // The isMe recipient is left out of the count, and the record says why.
        #expect(delivered.communication?.recipients == 0)
        #expect(record.diagnostics.contains { $0.rule == "ios.recipient-is-me" })
    }

    @Test("updating(from:) returns an instance of the receiver's class")
    func updatingKeepsTheReceiversClass() throws {
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi", speakableGroupName: nil,
                                         conversationIdentifier: "c", serviceName: nil, sender: nil, attachments: nil)
        let mutable = UNMutableNotificationContent()
        mutable.title = "T"
        #expect(try mutable.updating(from: intent) is UNMutableNotificationContent)
        let immutable = try #require(mutable.copy() as? UNNotificationContent)
        #expect(!(try immutable.updating(from: intent) is UNMutableNotificationContent))
        #expect(try immutable.updating(from: intent).title == "T")
    }

    @Test("content changed after updating(from:) is shown as changed, with a warning that Apple asks not to")
    func mutationAfterUpdateIsReported() throws {
        let record = NotificationDevice(app: TestSupport.chatApp).deliver(TestSupport.lint(Self.push), makeExtension: { MutateAfterUpdateService() })
        let delivered = try #require(record.delivered)
        #expect(delivered.subtitle == "edited after the update")
        #expect(delivered.icon == .senderAvatar)
        #expect(record.diagnostics.contains { $0.rule == "ios.content-changed-after-update" })
    }

    @Test("the amiverse post's local notification, updated before it is scheduled, shows the avatar with no delegate in the background")
    func localUpdatedBeforeSchedulingShowsAvatar() throws {
        let record = NotificationDevice(app: TestSupport.chatApp).runLocal { center in
            Self.scheduleLikeTheBlog(center)
        }
        #expect(record.delivered?.icon == .senderAvatar)
        #expect(record.presentation == nil)
    }

    @Test("the same local notification while the app is in the foreground, with no delegate, is silenced")
    func localInForegroundWithoutDelegateIsSilenced() throws {
        var app = TestSupport.chatApp
        app.isInForeground = true
        let record = NotificationDevice(app: app).runLocal { center in
            Self.scheduleLikeTheBlog(center)
        }
        #expect(record.presentationNames == [])
        #expect(record.diagnostics.contains { $0.rule == "ios.foreground-presentation" && $0.message.contains("no UNUserNotificationCenterDelegate") })
    }

    /// The amiverse post's local flow: build the content, update it from the intent, schedule it.
    static func scheduleLikeTheBlog(_ center: UNUserNotificationCenter) {
        let content = UNMutableNotificationContent()
        content.title = "Mina"
        content.body = "Dinner?"
        let sender = INPerson(personHandle: INPersonHandle(value: "mina", type: .unknown), nameComponents: nil, displayName: "Mina",
                              image: INImage(imageData: TestSupport.pngBytes(64)), contactIdentifier: nil, customIdentifier: nil)
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: content.body, speakableGroupName: nil,
                                         conversationIdentifier: nil, serviceName: nil, sender: sender, attachments: nil)
        guard let updated = try? content.updating(from: intent) else { return }
        center.add(UNNotificationRequest(identifier: "m1", content: updated, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 1, repeats: false)))
    }
}
