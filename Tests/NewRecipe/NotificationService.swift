//
//  NotificationService.swift
//  NotificationServiceExtension
//
//  Shaped like Xcode's Notification Service Extension template, plus the image download most
//  apps add: the file `pushbook new --from` is tried with (Tests/NewRecipe/roundtrip.sh, README).
//

import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        guard let bestAttemptContent = bestAttemptContent else { return }
        // FCM puts apns.fcm_options.image into the payload as fcm_options.image.
        guard let options = bestAttemptContent.userInfo["fcm_options"] as? [String: Any],
              let address = options["image"] as? String,
              let url = URL(string: address) else {
            contentHandler(bestAttemptContent)
            return
        }
        URLSession.shared.downloadTask(with: url) { location, _, _ in
            if let location = location {
                let file = FileManager.default.temporaryDirectory
                    .appendingPathComponent(UUID().uuidString)
                    .appendingPathExtension(url.pathExtension)
                try? FileManager.default.moveItem(at: location, to: file)
                if let attachment = try? UNNotificationAttachment(identifier: "image", url: file, options: nil) {
                    bestAttemptContent.attachments = [attachment]
                }
            }
            contentHandler(bestAttemptContent)
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        // The deadline: hand back what there is, or iOS shows the push as it was sent.
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

}
