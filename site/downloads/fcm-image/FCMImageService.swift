import Foundation
import UserNotifications

/// Shows the image of an FCM push: FCM puts `apns.fcm_options.image` into the payload as
/// `fcm_options.image`, and this extension downloads it to a file and attaches it.
final class FCMImageService: UNNotificationServiceExtension {
    private let lock = NSLock()
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?
    private var download: URLSessionDownloadTask?

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

        // The extension sees every push of the app: leave the ones without an image alone.
        guard let options = request.content.userInfo["fcm_options"] as? [String: Any],
              let address = options["image"] as? String,
              let imageURL = URL(string: address), imageURL.scheme == "https" else {
            deliver { _ in }
            return
        }
        // A download task writes the image to a file as it arrives, so the extension never holds
        // it in memory (extensions are killed at about 24 MB).
        let task = URLSession.shared.downloadTask(with: imageURL) { [weak self] location, response, _ in
            let attachment = ImageAttachment.make(downloadedTo: location, response: response, url: imageURL)
            self?.deliver { content in
                if let attachment { content.attachments = [attachment] }
            }
        }
        lock.lock()
        download = task
        lock.unlock()
        task.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        // Out of time: show the text now. A download that finishes later finds nothing to change.
        deliver { _ in }
        lock.lock()
        let task = download
        lock.unlock()
        task?.cancel()
    }

    /// Calls the content handler exactly once. The first caller takes the handler and the content
    /// under the lock and finishes the content; a later caller finds both gone, so it can never
    /// change content that iOS already has.
    private func deliver(_ finish: (UNMutableNotificationContent) -> Void) {
        lock.lock()
        let handler = contentHandler
        let content = bestAttemptContent
        contentHandler = nil
        bestAttemptContent = nil
        lock.unlock()
        guard let handler, let content else { return }
        finish(content)
        handler(content)
    }
}

/// Turns a downloaded file into an attachment iOS accepts, or nil.
enum ImageAttachment {
    /// The attachment for a successful download of a JPEG, PNG or GIF image; nil for anything else.
    static func make(downloadedTo location: URL?, response: URLResponse?, url: URL) -> UNNotificationAttachment? {
        guard let location,
              let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode),
              let fileExtension = fileExtension(of: firstBytes(of: location), mimeType: http.mimeType, url: url) else {
            return nil
        }
        // URLSession deletes its file when the completion handler returns: move it into a folder of
        // our own, named with the extension of what it really is (iOS takes the type from the name).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        let file = folder.appendingPathComponent("image").appendingPathExtension(fileExtension)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: location, to: file)
            return try UNNotificationAttachment(identifier: "image", url: file, options: nil)
        } catch {
            // Too large (over 10 MB) or unreadable: show the notification without the image.
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
    }

    /// The first 12 bytes of a file, read without loading the rest.
    static func firstBytes(of file: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 12)) ?? Data()
    }

    /// The extension for the image: from its first bytes, else the MIME type, else the URL.
    static func fileExtension(of head: Data, mimeType: String?, url: URL) -> String? {
        let head = [UInt8](head)
        guard !head.isEmpty else { return nil }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if head.starts(with: [0x47, 0x49, 0x46, 0x38]) { return "gif" }
        if head.count == 12, head.starts(with: [0x52, 0x49, 0x46, 0x46]), head[8...].elementsEqual([0x57, 0x45, 0x42, 0x50]) {
            return nil // WebP: not a type notification attachments support.
        }
        switch mimeType?.lowercased() {
        case "image/png": return "png"
        case "image/jpeg", "image/jpg": return "jpg"
        case "image/gif": return "gif"
        default: break
        }
        let known = ["png", "jpg", "jpeg", "gif"]
        return known.contains(url.pathExtension.lowercased()) ? url.pathExtension.lowercased() : nil
    }
}
