import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// An extension that styles every push as a message from Mina, with or without a group.
final class MessageExtension: UNNotificationServiceExtension {
    let group: String?
    init(group: String? = nil) { self.group = group }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let avatar = INImage(imageData: Data([0x89, 0x50, 0x4E, 0x47]))
        let sender = INPerson(personHandle: INPersonHandle(value: "mina", type: .unknown), nameComponents: nil, displayName: "Mina",
                              image: avatar, contactIdentifier: nil, customIdentifier: "mina", isMe: false, suggestionType: .none)
        let jun = INPerson(personHandle: INPersonHandle(value: "jun", type: .unknown), nameComponents: nil, displayName: "Jun",
                           image: nil, contactIdentifier: nil, customIdentifier: "jun")
        let intent = INSendMessageIntent(recipients: group == nil ? nil : [jun], outgoingMessageType: .outgoingMessageText,
                                         content: request.content.body, speakableGroupName: group.map { INSpeakableString(spokenPhrase: $0) },
                                         conversationIdentifier: "room-1", serviceName: nil, sender: sender, attachments: nil)
        if group != nil { intent.setImage(avatar, forParameterNamed: \.speakableGroupName) }
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        // Swift 6 mode: the completion is @Sendable, as on iOS, so the handler travels in a box.
        let handler = UncheckedBox(contentHandler)
        let content = UncheckedBox(request.content)
        let message = UncheckedBox(intent)
        interaction.donate { error in
            guard error == nil, let updated = try? content.value.updating(from: message.value) else {
                handler.value(content.value)
                return
            }
            handler.value(updated)
        }
    }
}

@Suite("Communication notifications", .serialized)
struct CommunicationTests {
    static let push = #"{"aps": {"alert": {"title": "Mina", "body": "Dinner at 8?"}, "mutable-content": 1}}"#

    @Test("with the entitlement and NSUserActivityTypes, the sender's avatar replaces the app icon")
    func avatarIsShown() throws {
        let record = NotificationDevice(app: TestSupport.chatApp).deliver(TestSupport.lint(Self.push), makeExtension: { MessageExtension() })
        let delivered = try #require(record.delivered)
        #expect(delivered.icon == .senderAvatar)
        #expect(delivered.communication?.senderName == "Mina")
        #expect(delivered.communication?.senderHasImage == true)
        #expect(delivered.communication?.donated == true)
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
    }

    @Test("without the entitlement, updating(from:) succeeds and the notification shows the app icon")
    func withoutEntitlementPlain() throws {
        let record = NotificationDevice(app: .plain).deliver(TestSupport.lint(Self.push), makeExtension: { MessageExtension() })
        let delivered = try #require(record.delivered)
        #expect(delivered.icon == .app)
        #expect(delivered.communication == nil)
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        #expect(record.diagnostics.contains { $0.rule == "ios.communication-needs-entitlement" })
    }

    @Test("a group conversation shows the group's avatar, name and recipients")
    func groupAvatar() throws {
        let record = NotificationDevice(app: TestSupport.chatApp).deliver(TestSupport.lint(Self.push), makeExtension: { MessageExtension(group: "Hiking club") })
        let delivered = try #require(record.delivered)
        #expect(delivered.icon == .groupAvatar)
        #expect(delivered.communication?.groupName == "Hiking club")
        #expect(delivered.communication?.recipients == 1)
    }

    @Test("INImage(url:) with a remote URL carries no data, so the donation fails")
    func remoteINImageHasNoData() throws {
        let url = try #require(URL(string: "https://img.example.com/a.png"))
        let image = try #require(INImage(url: url))
        #expect(!image.hasData)
    }
}
