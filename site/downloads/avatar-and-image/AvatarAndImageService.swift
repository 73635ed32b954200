import Foundation
import UserNotifications
import Intents

/// Shows the sender's avatar (data key `iconUrl`) in place of the app icon and attaches a picture
/// (data key `image`), calling the content handler once, after both downloads.
final class AvatarAndImageService: UNNotificationServiceExtension {
    private let lock = NSLock()
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?
    private var downloads: [URLSessionTask] = []
    private var unfinishedDownloads = 0
    private var avatar: INImage?
    private var picture: UNNotificationAttachment?

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

        var tasks: [URLSessionTask] = []
        if let avatarURL = Self.httpsURL(request.content.userInfo["iconUrl"]) {
            // An avatar is small: its bytes go straight into INImage(imageData:).
            tasks.append(URLSession.shared.dataTask(with: avatarURL) { [weak self] data, response, _ in
                guard let self else { return }
                let avatar = Self.avatar(from: data, response: response)
                self.lock.lock()
                self.avatar = avatar
                self.lock.unlock()
                self.downloadFinished()
            })
        }
        if let imageURL = Self.httpsURL(request.content.userInfo["image"]) {
            // A picture can be large: it is downloaded to a file, never held in memory.
            tasks.append(URLSession.shared.downloadTask(with: imageURL) { [weak self] location, response, _ in
                guard let self else { return }
                let picture = Self.attachment(downloadedTo: location, response: response, url: imageURL)
                self.lock.lock()
                self.picture = picture
                self.lock.unlock()
                self.downloadFinished()
            })
        }
        guard !tasks.isEmpty else {
            deliver { $0 } // Neither key: a push like any other.
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
        let avatar = self.avatar
        lock.unlock()
        guard allDone else { return }
        if let avatar {
            showAsMessage(avatar: avatar)
        } else {
            deliver { self.withPicture($0) } // No avatar: the picture alone, with the app icon.
        }
    }

    override func serviceExtensionTimeWillExpire() {
        // Out of time: show what is ready (the picture, if it arrived), then stop the downloads.
        deliver { self.withPicture($0) }
        lock.lock()
        let tasks = downloads
        lock.unlock()
        tasks.forEach { $0.cancel() }
    }

    /// The content with the picture attached, if it has arrived.
    private func withPicture(_ content: UNMutableNotificationContent) -> UNNotificationContent {
        lock.lock()
        let picture = self.picture
        lock.unlock()
        if let picture { content.attachments = [picture] }
        return content
    }

    /// Calls the content handler exactly once. The first caller takes the handler and the content
    /// under the lock and builds what is shown; a later caller finds both gone, so nothing can change
    /// content that iOS already has.
    private func deliver(_ build: (UNMutableNotificationContent) -> UNNotificationContent) {
        lock.lock()
        let handler = contentHandler
        let content = bestAttemptContent
        contentHandler = nil
        bestAttemptContent = nil
        lock.unlock()
        guard let handler, let content else { return }
        handler(build(content))
    }
}

extension AvatarAndImageService {
    /// Donates the message, then delivers the content updated from it: picture and avatar together.
    private func showAsMessage(avatar: INImage) {
        lock.lock()
        let title = bestAttemptContent?.title ?? ""
        let body = bestAttemptContent?.body ?? ""
        let thread = bestAttemptContent?.threadIdentifier ?? ""
        lock.unlock()
        // This payload names no sender id or conversation, so the title stands in for both.
        let sender = INPerson(personHandle: INPersonHandle(value: title, type: .unknown),
                              nameComponents: nil,
                              displayName: title,
                              image: avatar,
                              contactIdentifier: nil,
                              customIdentifier: nil,
                              isMe: false,
                              suggestionType: .none)
        let intent = INSendMessageIntent(recipients: nil,
                                         outgoingMessageType: .outgoingMessageText,
                                         content: body,
                                         speakableGroupName: nil,
                                         conversationIdentifier: thread.isEmpty ? title : thread,
                                         serviceName: nil,
                                         sender: sender,
                                         attachments: nil)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate { [weak self] error in
            guard let self else { return }
            // The picture goes on before updating(from:), so the updated copy carries it and
            // nothing is changed after the update.
            self.deliver { content in
                let withPicture = self.withPicture(content)
                guard error == nil, let updated = try? withPicture.updating(from: intent) else { return withPicture }
                return updated
            }
        }
    }
}

extension AvatarAndImageService {
    /// The `https` URL in a payload value, or nil.
    static func httpsURL(_ value: Any?) -> URL? {
        guard let text = value as? String, let url = URL(string: text), url.scheme == "https" else { return nil }
        return url
    }

    /// The avatar from a successful download whose bytes are an image, or nil.
    static func avatar(from data: Data?, response: URLResponse?) -> INImage? {
        guard let data, imageExtension(of: data, response: response) != nil else { return nil }
        // Bytes, not INImage(url:) of the remote URL: that initializer is for files on the device.
        return INImage(imageData: data)
    }

    /// An attachment for a successful download of a PNG, JPEG or GIF image, or nil.
    static func attachment(downloadedTo location: URL?, response: URLResponse?, url: URL) -> UNNotificationAttachment? {
        guard let location, let fileExtension = imageExtension(of: firstBytes(of: location), response: response) else { return nil }
        // URLSession deletes its file when the completion returns: move it into a folder of our own,
        // named after what the bytes are (iOS takes the attachment's type from the file name).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        let file = folder.appendingPathComponent("image").appendingPathExtension(fileExtension)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: location, to: file)
            return try UNNotificationAttachment(identifier: "image", url: file, options: nil)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
    }

    /// The first bytes of a file, read without loading the rest.
    static func firstBytes(of file: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) ?? Data()
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
