import Foundation

/// The Notification Service Extension that Firebase's guide ("Send an image in the notification
/// payload", https://firebase.google.com/docs/cloud-messaging/ios/send-image) has you write: Xcode's
/// template, with the content handed to `Messaging.serviceExtension().populateNotificationContent`
/// instead of to the handler, and the best attempt handed over when time runs out.
///
/// `pushbook simulate --extension firebase` and recipe examples with `extension=firebase` run it.
public final class FirebaseGuideExtension: UNNotificationServiceExtension {
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?

    /// Hands a copy of the content to Firebase's helper, which calls the handler when it is done.
    public override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let bestAttemptContent else {
            contentHandler(request.content)
            return
        }
        Messaging.serviceExtension().populateNotificationContent(bestAttemptContent, withContentHandler: contentHandler)
    }

    /// Out of time: the best attempt so far, the object the helper still holds.
    public override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
