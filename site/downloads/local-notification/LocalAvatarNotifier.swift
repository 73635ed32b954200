import Foundation
import UserNotifications
import Intents

/// A chat message the app received itself, for example over its own connection while running.
struct ReceivedChatMessage {
    let id: String
    let conversationId: String
    let senderId: String
    let senderName: String
    let avatarURL: URL?
    let text: String
}

/// Schedules a local notification for a received message, with the sender's avatar in place of
/// the app icon. The content is updated from the message intent before it is scheduled.
final class LocalAvatarNotifier {
    private let center: UNUserNotificationCenter

    init(center: UNUserNotificationCenter = .current()) {
        self.center = center
    }

    func notify(_ message: ReceivedChatMessage) {
        let content = UNMutableNotificationContent()
        content.title = message.senderName
        content.body = message.text
        content.sound = .default
        content.threadIdentifier = message.conversationId
        content.userInfo = ["conversationId": message.conversationId]

        guard let avatarURL = message.avatarURL else {
            schedule(content, id: message.id)
            return
        }
        // The app is not in a hurry like an extension, but a notification should not wait long.
        let request = URLRequest(url: avatarURL, timeoutInterval: 10)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            guard let avatar = Self.avatar(from: data, response: response) else {
                self.schedule(content, id: message.id) // No avatar: a plain notification.
                return
            }
            self.scheduleAsMessage(content, message: message, avatar: avatar)
        }.resume()
    }

    /// Donates the message, then schedules the content updated from it, unchanged.
    private func scheduleAsMessage(_ content: UNMutableNotificationContent, message: ReceivedChatMessage, avatar: INImage) {
        let sender = INPerson(personHandle: INPersonHandle(value: message.senderId, type: .unknown),
                              nameComponents: nil,
                              displayName: message.senderName,
                              image: avatar,
                              contactIdentifier: nil,
                              customIdentifier: message.senderId,
                              isMe: false,
                              suggestionType: .instantMessageAddress)
        let intent = INSendMessageIntent(recipients: nil,
                                         outgoingMessageType: .outgoingMessageText,
                                         content: message.text,
                                         speakableGroupName: nil,
                                         conversationIdentifier: message.conversationId,
                                         serviceName: nil,
                                         sender: sender,
                                         attachments: nil)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate { error in
            if error == nil, let updated = try? content.updating(from: intent) {
                self.schedule(updated, id: message.id)
            } else {
                self.schedule(content, id: message.id)
            }
        }
    }

    /// Adds the request; it fires a second later. The message id as identifier means a message
    /// scheduled twice replaces itself instead of alerting twice.
    private func schedule(_ content: UNNotificationContent, id: String) {
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 1, repeats: false)
        let request = UNNotificationRequest(identifier: id, content: content, trigger: trigger)
        center.add(request)
    }

    /// The avatar from a successful download whose bytes are a PNG, JPEG or GIF, or nil.
    static func avatar(from data: Data?, response: URLResponse?) -> INImage? {
        guard let data, let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else { return nil }
        let head = [UInt8](data.prefix(4))
        let isImage = head.starts(with: [0x89, 0x50, 0x4E, 0x47]) // PNG
            || head.starts(with: [0xFF, 0xD8, 0xFF]) // JPEG
            || head.starts(with: [0x47, 0x49, 0x46, 0x38]) // GIF
        // INImage(url:) is for files on the device; a downloaded avatar goes in as bytes.
        return isImage ? INImage(imageData: data) : nil
    }
}
