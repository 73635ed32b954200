import Foundation
import UserNotifications

/// Asks the chat server whether the message (data key `messageId`) was already read on another of
/// the user's devices, and hides the notification when it was: with the filtering entitlement, an
/// empty content tells iOS not to show it.
final class ReadElsewhereFilterService: UNNotificationServiceExtension {
    private let lock = NSLock()
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent,
              let messageID = request.content.userInfo["messageId"] as? String,
              let url = URL(string: "https://chat.example.com/api/messages/\(messageID)/state") else {
            contentHandler(request.content)
            return
        }
        lock.lock()
        self.contentHandler = contentHandler
        bestAttemptContent = content
        lock.unlock()
        URLSession.shared.dataTask(with: url) { [weak self] data, response, _ in
            guard let self else { return }
            let ok = (response as? HTTPURLResponse)?.statusCode == 200
            let state = ok ? data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } : nil
            if state?["read"] as? Bool == true {
                self.finish(with: UNNotificationContent()) // Read elsewhere: show nothing.
            } else {
                self.finish(with: content) // Unread, or the server did not say: show it.
            }
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        // No answer in time: showing the message is the safe choice.
        lock.lock()
        let content = bestAttemptContent
        lock.unlock()
        if let content { finish(with: content) }
    }

    /// Calls the content handler once, whichever path gets here first.
    private func finish(with content: UNNotificationContent) {
        lock.lock()
        let handler = contentHandler
        contentHandler = nil
        lock.unlock()
        handler?(content)
    }
}
