import Foundation
import UserNotifications
import Intents

/// Shows chat pushes as communication notifications: a group message with the group's name and
/// picture, a direct message with the sender's avatar. Other pushes pass through unchanged.
final class GroupChatService: UNNotificationServiceExtension {
    private let lock = NSLock()
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNNotificationContent?
    private var downloads: [URLSessionDataTask] = []
    private var unfinishedDownloads = 0
    private var senderImage: INImage?
    private var groupImage: INImage?

    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        lock.lock()
        self.contentHandler = contentHandler
        bestAttemptContent = request.content
        lock.unlock()

        guard let message = GroupMessage(userInfo: request.content.userInfo) else {
            deliver(request.content) // Not a chat message: leave it alone.
            return
        }
        // The sender's avatar and the group's picture download at the same time.
        var tasks = [imageTask(message.senderAvatarURL, message: message, request: request) { $0.senderImage = $1 }]
        if let groupURL = message.groupImageURL {
            tasks.append(imageTask(groupURL, message: message, request: request) { $0.groupImage = $1 })
        }
        lock.lock()
        downloads = tasks
        unfinishedDownloads = tasks.count
        lock.unlock()
        tasks.forEach { $0.resume() }
    }

    /// A download that stores its image with `store`; the last download to finish builds the notification.
    private func imageTask(_ url: URL, message: GroupMessage, request: UNNotificationRequest,
                           store: @escaping (GroupChatService, INImage?) -> Void) -> URLSessionDataTask {
        URLSession.shared.dataTask(with: url) { [weak self] data, response, _ in
            guard let self else { return }
            let image = Self.image(from: data, response: response)
            self.lock.lock()
            store(self, image)
            self.unfinishedDownloads -= 1
            let allDone = self.unfinishedDownloads == 0
            let senderImage = self.senderImage
            let groupImage = self.groupImage
            self.lock.unlock()
            guard allDone else { return }
            if senderImage == nil && groupImage == nil {
                self.deliver(request.content) // No picture at all: show the push as it came.
            } else {
                self.showAsMessage(request.content, message: message, senderImage: senderImage, groupImage: groupImage)
            }
        }
    }

    override func serviceExtensionTimeWillExpire() {
        lock.lock()
        let tasks = downloads
        let content = bestAttemptContent
        lock.unlock()
        tasks.forEach { $0.cancel() }
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

extension GroupChatService {
    /// Describes the message, with its group when it has one, donates it, and delivers the updated content.
    private func showAsMessage(_ content: UNNotificationContent, message: GroupMessage,
                               senderImage: INImage?, groupImage: INImage?) {
        let sender = Self.person(message.senderId, name: message.senderName, image: senderImage)
        // Everyone else in the conversation. Never the current user (iOS adds them to incoming
        // messages) and not the sender, who has a parameter of its own.
        let others = message.recipientIds.map { Self.person($0, name: nil, image: nil) }
        let groupName = message.groupName.map { INSpeakableString(spokenPhrase: $0) }
        let intent = INSendMessageIntent(recipients: others.isEmpty ? nil : others,
                                         outgoingMessageType: .outgoingMessageText,
                                         content: content.body,
                                         speakableGroupName: groupName,
                                         conversationIdentifier: message.conversationId,
                                         serviceName: nil,
                                         sender: sender,
                                         attachments: nil)
        // The group's picture belongs to the group name parameter.
        if groupName != nil, let groupImage {
            intent.setImage(groupImage, forParameterNamed: \.speakableGroupName)
        }
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate { [weak self] error in
            guard let self else { return }
            if error == nil, let updated = try? content.updating(from: intent) {
                self.deliver(updated)
            } else {
                self.deliver(content)
            }
        }
    }

    /// A member of the conversation, known by the app's own id.
    static func person(_ id: String, name: String?, image: INImage?) -> INPerson {
        INPerson(personHandle: INPersonHandle(value: id, type: .unknown),
                 nameComponents: nil,
                 displayName: name,
                 image: image,
                 contactIdentifier: nil,
                 customIdentifier: id,
                 isMe: false,
                 suggestionType: .instantMessageAddress)
    }
}

extension GroupChatService {
    /// The chat fields of a push, from FCM `data` keys at the top level of `userInfo`.
    struct GroupMessage {
        let conversationId: String
        let groupName: String?
        let groupImageURL: URL?
        let senderId: String
        let senderName: String
        let senderAvatarURL: URL
        let recipientIds: [String]

        /// nil unless the push is a chat message with a conversation, a sender and an avatar URL.
        init?(userInfo: [AnyHashable: Any]) {
            guard userInfo["type"] as? String == "chat",
                  let conversationId = Self.text(userInfo["chatRoomId"]),
                  let senderId = Self.text(userInfo["senderId"]),
                  let senderName = Self.text(userInfo["senderDisplayName"]),
                  let senderAvatarURL = Self.httpsURL(userInfo["senderThumbnail"]) else {
                return nil
            }
            self.conversationId = conversationId
            self.senderId = senderId
            self.senderName = senderName
            self.senderAvatarURL = senderAvatarURL
            // Only a group has a name; a direct chat leaves chatRoomName out.
            groupName = Self.text(userInfo["chatRoomName"])
            groupImageURL = groupName == nil ? nil : Self.httpsURL(userInfo["chatRoomThumbnail"])
            // FCM data values are strings, so the other members' ids come comma-separated.
            recipientIds = (Self.text(userInfo["recipientIds"]) ?? "")
                .split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && $0 != senderId }
        }

        private static func text(_ value: Any?) -> String? {
            guard let text = value as? String, !text.isEmpty else { return nil }
            return text
        }

        private static func httpsURL(_ value: Any?) -> URL? {
            guard let text = text(value), let url = URL(string: text), url.scheme == "https" else { return nil }
            return url
        }
    }

    /// An image from a successful download whose bytes are a PNG, JPEG or GIF, or nil.
    static func image(from data: Data?, response: URLResponse?) -> INImage? {
        guard let data, let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else { return nil }
        let head = [UInt8](data.prefix(4))
        let isImage = head.starts(with: [0x89, 0x50, 0x4E, 0x47]) // PNG
            || head.starts(with: [0xFF, 0xD8, 0xFF]) // JPEG
            || head.starts(with: [0x47, 0x49, 0x46, 0x38]) // GIF
        return isImage ? INImage(imageData: data) : nil
    }
}
