import NotificationSimulator

/// An extension that traps, registered only so tests can prove that a crashing recipe fails alone.
/// No recipe uses it; `Recipes/_testing` is not a recipe folder (names starting with `_` are skipped).
final class PushbookTrapService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let parts: [String] = []
        _ = parts[request.content.body.count + 1]
    }
}
