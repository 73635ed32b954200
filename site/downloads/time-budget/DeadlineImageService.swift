import Foundation
import UserNotifications

/// Attaches the image of an FCM push, and still shows the message when the image is too slow:
/// whichever comes first, the download or the deadline, delivers the notification, and only once.
final class DeadlineImageService: UNNotificationServiceExtension {
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

        guard let options = request.content.userInfo["fcm_options"] as? [String: Any],
              let address = options["image"] as? String,
              let imageURL = URL(string: address), imageURL.scheme == "https" else {
            deliver { _ in } // nothing to download: show the push as it is
            return
        }
        // Downloaded to a file, not into memory (extensions are killed at about 24 MB).
        let task = URLSession.shared.downloadTask(with: imageURL) { [weak self] location, response, _ in
            // Runs when the image arrives, when it fails, and when the task is cancelled at the deadline.
            let attachment = DeadlineImageAttachment.make(downloadedTo: location, response: response)
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
        // About 30 seconds have passed: show the text now, with a word about the photo.
        deliver { content in
            content.subtitle = "Photo not loaded: open the chat to see it"
        }
        // Then stop the download. Cancelling first would let its completion (with an error)
        // race this method for the handler, and sometimes win without the subtitle.
        lock.lock()
        let task = download
        lock.unlock()
        task?.cancel()
    }

    /// Calls the content handler exactly once. The first caller takes the handler and the content
    /// under the lock; any later caller (a download finishing after the deadline) finds both gone.
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

/// Turns a finished download into an attachment, or nil when it is not a usable image.
enum DeadlineImageAttachment {
    static func make(downloadedTo location: URL?, response: URLResponse?) -> UNNotificationAttachment? {
        let extensions = ["image/jpeg": "jpg", "image/png": "png", "image/gif": "gif"]
        guard let location,
              let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode),
              let fileExtension = http.mimeType.flatMap({ extensions[$0.lowercased()] }) else {
            return nil
        }
        // URLSession deletes its file when the completion returns: move it into a folder of our own,
        // with the extension iOS reads the type from.
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
}
