import Foundation
import NotificationSimulator // iOS: UserNotifications Intents
// snippet.hide
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// snippet.service
/// Shows the sender's avatar (data key `iconUrl`) in place of the app icon and attaches a picture
/// (data key `image`), calling the content handler once, after both downloads.
final class AvatarAndImageService: UNNotificationServiceExtension {
    private let lock = NSLock()
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?
    private var downloads: [URLSessionDataTask] = []
    private var unfinishedDownloads = 0
    private var avatar: INImage?

    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        lock.lock()
        self.contentHandler = contentHandler
        bestAttemptContent = content
        lock.unlock()

        let avatarURL = Self.httpsURL(request.content.userInfo["iconUrl"])
        let imageURL = Self.httpsURL(request.content.userInfo["image"])
        var tasks: [URLSessionDataTask] = []
        if let avatarURL {
            tasks.append(URLSession.shared.dataTask(with: avatarURL) { [weak self] data, response, _ in
                guard let self else { return }
                let avatar = Self.avatar(from: data, response: response)
                self.lock.lock()
                self.avatar = avatar
                self.lock.unlock()
                self.downloadFinished()
            })
        }
        if let imageURL {
            tasks.append(URLSession.shared.dataTask(with: imageURL) { [weak self] data, response, _ in
                guard let self else { return }
                let attachment = Self.attachment(from: data, response: response, url: imageURL)
                self.lock.lock()
                // Attached now, so the best attempt has the picture even if the avatar is late.
                if let attachment { content.attachments = [attachment] }
                self.lock.unlock()
                self.downloadFinished()
            })
        }
        guard !tasks.isEmpty else {
            deliver(content) // Neither key: a push like any other.
            return
        }
        // Both downloads run at the same time; the one that ends last carries on.
        lock.lock()
        downloads = tasks
        unfinishedDownloads = tasks.count
        lock.unlock()
        tasks.forEach { $0.resume() }
    }

    /// Runs after each download; after the last one, builds the notification.
    private func downloadFinished() {
        lock.lock()
        unfinishedDownloads -= 1
        let allDone = unfinishedDownloads == 0
        let content = bestAttemptContent
        let avatar = self.avatar
        lock.unlock()
        guard allDone, let content else { return }
        if let avatar {
            showAsMessage(content, avatar: avatar)
        } else {
            deliver(content) // No avatar: the picture alone, with the app icon.
        }
    }

    override func serviceExtensionTimeWillExpire() {
        // Out of time: stop the downloads and show whatever is ready.
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
// snippet.end

// snippet.intent
extension AvatarAndImageService {
    /// Donates the message, then delivers the content updated from it: picture and avatar together.
    private func showAsMessage(_ content: UNMutableNotificationContent, avatar: INImage) {
        // This payload names no sender id or conversation, so the title stands in for both.
        let name = content.title
        let sender = INPerson(personHandle: INPersonHandle(value: name, type: .unknown),
                              nameComponents: nil,
                              displayName: name,
                              image: avatar,
                              contactIdentifier: nil,
                              customIdentifier: nil,
                              isMe: false,
                              suggestionType: .none)
        let intent = INSendMessageIntent(recipients: nil,
                                         outgoingMessageType: .outgoingMessageText,
                                         content: content.body,
                                         speakableGroupName: nil,
                                         conversationIdentifier: content.threadIdentifier.isEmpty ? name : content.threadIdentifier,
                                         serviceName: nil,
                                         sender: sender,
                                         attachments: nil)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate { [weak self] error in
            guard let self else { return }
            // The attachment is already on `content`, so the updated copy carries it: nothing
            // is changed after updating(from:), and the handler is called once.
            if error == nil, let updated = try? content.updating(from: intent) {
                self.deliver(updated)
            } else {
                self.deliver(content)
            }
        }
    }
}
// snippet.end

// snippet.downloads
extension AvatarAndImageService {
    /// The `https` URL in a payload value, or nil.
    static func httpsURL(_ value: Any?) -> URL? {
        guard let text = value as? String, let url = URL(string: text), url.scheme == "https" else { return nil }
        return url
    }

    /// The avatar from a successful download whose bytes are an image, or nil.
    static func avatar(from data: Data?, response: URLResponse?) -> INImage? {
        guard let data, imageExtension(of: data, response: response) != nil else { return nil }
        // Bytes, not INImage(url:): that initializer is for files on the device.
        return INImage(imageData: data)
    }

    /// An attachment for a successful download of a PNG, JPEG or GIF image, or nil.
    static func attachment(from data: Data?, response: URLResponse?, url: URL) -> UNNotificationAttachment? {
        guard let data, let fileExtension = imageExtension(of: data, response: response) else { return nil }
        // iOS takes the attachment's type from the file name: name it after what the bytes are.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        let file = folder.appendingPathComponent("image").appendingPathExtension(fileExtension)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file)
            return try UNNotificationAttachment(identifier: "image", url: file, options: nil)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
    }

    /// `png`, `jpg` or `gif` for a 2xx response whose first bytes are that image type; nil otherwise.
    static func imageExtension(of data: Data, response: URLResponse?) -> String? {
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else { return nil }
        let head = [UInt8](data.prefix(4))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if head.starts(with: [0x47, 0x49, 0x46, 0x38]) { return "gif" }
        return nil
    }
}
// snippet.end
