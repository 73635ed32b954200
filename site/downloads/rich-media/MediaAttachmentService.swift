import Foundation
import UserNotifications

/// Attaches the video, GIF or sound named by the push's data key `media`: downloaded to a file,
/// named with the extension of its MIME type, and handed to UNNotificationAttachment, which checks
/// the type and the size limit of its kind.
final class MediaAttachmentService: UNNotificationServiceExtension {
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
        guard let address = request.content.userInfo["media"] as? String,
              let mediaURL = URL(string: address), mediaURL.scheme == "https" else {
            deliver { _ in }
            return
        }
        // A download task streams to a file: a 40 MB video never sits in the extension's memory.
        let task = URLSession.shared.downloadTask(with: mediaURL) { [weak self] location, response, _ in
            let attachment = MediaAttachment.make(downloadedTo: location, response: response)
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
        deliver { _ in }
        lock.lock()
        let task = download
        lock.unlock()
        task?.cancel()
    }

    /// Calls the content handler exactly once, with the content finished by `finish`.
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

/// Turns a downloaded file into an attachment, or nil when iOS would not take it.
enum MediaAttachment {
    /// The attachment for a successful download; nil for a failed one, an unknown type or a file
    /// over its kind's limit (audio 5 MB, image 10 MB, video 50 MB).
    static func make(downloadedTo location: URL?, response: URLResponse?) -> UNNotificationAttachment? {
        guard let location, let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode),
              let fileExtension = fileExtension(forMIMEType: http.mimeType) else {
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        let file = folder.appendingPathComponent("media").appendingPathExtension(fileExtension)
        // A video's thumbnail is the frame at 2 seconds rather than the first, often black, one.
        let options: [AnyHashable: Any]? = ["mp4", "mpg", "avi"].contains(fileExtension)
            ? [UNNotificationAttachmentOptionsThumbnailTimeKey: 2] : nil
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: location, to: file)
            return try UNNotificationAttachment(identifier: "media", url: file, options: options)
        } catch {
            // Refused (a QuickTime movie, or over the limit): the push is shown without it.
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
    }

    /// The file extension iOS reads the type from, for the server's MIME type.
    static func fileExtension(forMIMEType mimeType: String?) -> String? {
        switch mimeType?.lowercased() {
        case "video/mp4": "mp4"
        case "video/mpeg": "mpg"
        case "video/x-msvideo", "video/avi": "avi"
        case "video/quicktime": "mov" // Not a type iOS attaches: UNNotificationAttachment refuses it.
        case "image/gif": "gif"
        case "image/jpeg": "jpg"
        case "image/png": "png"
        case "audio/mpeg", "audio/mp3": "mp3"
        case "audio/mp4", "audio/x-m4a", "audio/m4a": "m4a"
        case "audio/wav", "audio/x-wav", "audio/wave": "wav"
        case "audio/aiff", "audio/x-aiff": "aiff"
        default: nil
        }
    }
}
