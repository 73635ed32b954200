import Foundation
import NotificationSimulator // iOS: UserNotifications
// snippet.hide
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// snippet.service
/// Shows the image of an FCM push: FCM puts `apns.fcm_options.image` into the payload as
/// `fcm_options.image`, and this extension downloads it and attaches it.
final class FCMImageService: UNNotificationServiceExtension {
    private let lock = NSLock()
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?
    private var download: URLSessionDataTask?

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
            deliver(content)
            return
        }
        let task = URLSession.shared.dataTask(with: imageURL) { [weak self] data, response, _ in
            if let attachment = ImageAttachment.make(data: data, response: response, url: imageURL) {
                content.attachments = [attachment]
            }
            self?.deliver(content)
        }
        lock.lock()
        download = task
        lock.unlock()
        task.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        // Out of time: show the text now. The download's late completion finds the handler gone.
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
// snippet.end

// snippet.attachment
/// Turns downloaded bytes into an attachment iOS accepts, or nil.
enum ImageAttachment {
    /// The attachment for a successful download of a JPEG, PNG or GIF image; nil for anything else.
    static func make(data: Data?, response: URLResponse?, url: URL) -> UNNotificationAttachment? {
        guard let data, !data.isEmpty,
              let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode),
              let fileExtension = fileExtension(of: data, mimeType: http.mimeType, url: url) else {
            return nil
        }
        // iOS takes the type from the file name, so the file gets the extension of what it really is.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        let file = folder.appendingPathComponent("image").appendingPathExtension(fileExtension)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file)
            return try UNNotificationAttachment(identifier: "image", url: file, options: nil)
        } catch {
            // Too large (over 10 MB) or unreadable: show the notification without the image.
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
    }

    /// The extension for the image: from its first bytes, else the MIME type, else the URL.
    static func fileExtension(of data: Data, mimeType: String?, url: URL) -> String? {
        let head = [UInt8](data.prefix(12))
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
// snippet.end
