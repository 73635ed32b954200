// Apple: https://developer.apple.com/documentation/usernotifications/implementing-communication-notifications
import UserNotifications
import Intents

@available(iOS 15.0, *)
final class V30Service: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let handle = INPersonHandle(value: "mina@example.com", type: .emailAddress)
        let sender = INPerson(personHandle: handle, nameComponents: nil, displayName: "Mina", image: INImage(imageData: Data()),
                              contactIdentifier: nil, customIdentifier: "mina", isMe: false, suggestionType: .none)
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: request.content.body,
                                         speakableGroupName: nil, conversationIdentifier: "mina", serviceName: nil, sender: sender, attachments: nil)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate { error in
            if error != nil {
                contentHandler(request.content)
                return
            }
            do {
                contentHandler(try request.content.updating(from: intent))
            } catch {
                contentHandler(request.content)
            }
        }
    }
}
