import NotificationSimulator

/// An extension that traps, registered only in `pushbook-test-host`, so tests can prove that a
/// crashing recipe fails alone. The shipped `pushbook` does not contain it.
final class PushbookTrapService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let parts: [String] = []
        _ = parts[request.content.body.count + 1]
    }
}
