import Foundation
import UserNotifications
import Intents

/// Shows a chat push as a message from a person: the sender's avatar takes the place of the app
/// icon. Every other push of the app is passed through unchanged.
final class ChatAvatarService: UNNotificationServiceExtension {
    private let lock = NSLock()
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNNotificationContent?
    private var download: URLSessionDataTask?

    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        lock.lock()
        self.contentHandler = contentHandler
        bestAttemptContent = request.content
        lock.unlock()

        // The extension runs for every push that has mutable-content, not only for chats.
        guard let message = ChatMessage(userInfo: request.content.userInfo) else {
            deliver(request.content)
            return
        }
        let task = URLSession.shared.dataTask(with: message.avatarURL) { [weak self] data, response, _ in
            guard let self else { return }
            guard let avatar = Self.avatar(from: data, response: response) else {
                self.deliver(request.content) // No avatar: show the push as it came.
                return
            }
            self.showAsMessage(request.content, message: message, avatar: avatar)
        }
        lock.lock()
        download = task
        lock.unlock()
        task.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        // Out of time: show the push as it came. A late download finds the handler gone.
        lock.lock()
        let task = download
        let content = bestAttemptContent
        lock.unlock()
        task?.cancel()
        if let content { deliver(content) }
    }

    /// Calls the content handler exactly once, whichever path gets here first.
    private func deliver(_ content: UNNotificationContent) {
        lock.lock()
        let handler = contentHandler
        contentHandler = nil
        lock.unlock()
        handler?(content)
    }
}

extension ChatAvatarService {
    /// Describes the push as an incoming message, donates it, and delivers the content updated from it.
    private func showAsMessage(_ content: UNNotificationContent, message: ChatMessage, avatar: INImage) {
        // The sender's image becomes the notification's avatar.
        let sender = INPerson(personHandle: INPersonHandle(value: message.senderId, type: .unknown),
                              nameComponents: nil,
                              displayName: message.senderName,
                              image: avatar,
                              contactIdentifier: nil,
                              customIdentifier: message.senderId,
                              isMe: false,
                              suggestionType: .instantMessageAddress)
        let intent = INSendMessageIntent(recipients: nil, // A one-to-one chat: iOS adds the current user.
                                         outgoingMessageType: .outgoingMessageText,
                                         content: content.body,
                                         speakableGroupName: nil, // No group name: not a group chat.
                                         conversationIdentifier: message.conversationIdentifier,
                                         serviceName: nil,
                                         sender: sender,
                                         attachments: nil)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        // Update the content only once the donation has finished, as Apple's sample does.
        interaction.donate { [weak self] error in
            guard let self else { return }
            guard error == nil else {
                self.deliver(content)
                return
            }
            do {
                self.deliver(try content.updating(from: intent))
            } catch {
                self.deliver(content)
            }
        }
    }
}

extension ChatAvatarService {
    /// The chat fields of a push. FCM `data` keys arrive at the top level of `userInfo`, as strings.
    struct ChatMessage {
        let senderId: String
        let senderName: String
        let avatarURL: URL
        let conversationIdentifier: String

        /// nil unless the push is a chat message carrying a sender and an `https` avatar URL.
        init?(userInfo: [AnyHashable: Any]) {
            guard userInfo["type"] as? String == "chat",
                  let senderId = userInfo["senderId"] as? String, !senderId.isEmpty,
                  let senderName = userInfo["senderDisplayName"] as? String, !senderName.isEmpty,
                  let address = userInfo["senderThumbnail"] as? String,
                  let avatarURL = URL(string: address), avatarURL.scheme == "https" else {
                return nil
            }
            self.senderId = senderId
            self.senderName = senderName
            self.avatarURL = avatarURL
            // The same identifier for every message of the conversation; the sender's id for a direct chat.
            let room = userInfo["chatRoomName"] as? String ?? ""
            conversationIdentifier = room.isEmpty ? senderId : room
        }
    }

    /// The avatar from a download: only a successful response whose bytes are an image.
    static func avatar(from data: Data?, response: URLResponse?) -> INImage? {
        guard let data, !data.isEmpty,
              let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            return nil
        }
        let head = [UInt8](data.prefix(4))
        let isPNG = head.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let isJPEG = head.starts(with: [0xFF, 0xD8, 0xFF])
        let isGIF = head.starts(with: [0x47, 0x49, 0x46, 0x38])
        let saysImage = http.mimeType?.lowercased().hasPrefix("image/") ?? false
        guard isPNG || isJPEG || isGIF || saysImage else { return nil }
        // Bytes, not INImage(url:): that initializer is for files on the device.
        return INImage(imageData: data)
    }
}
