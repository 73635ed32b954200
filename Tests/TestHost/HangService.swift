import Foundation
import NotificationSimulator

/// An extension that never finishes: it blocks its thread and never calls its content handler.
/// Registered only in `pushbook-test-host`, so tests can stop a build while its worker is in the
/// middle of a recipe (the simulator gives each blocked call two seconds, then goes on).
final class PushbookHangService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        while true { sleep(60) }
    }
}
