import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// `NSString.localizedUserNotificationString(forKey:arguments:)` reads the app's strings in a
/// simulation and returns the key when they lack it.
@Suite("localizedUserNotificationString")
struct LocalizedUserNotificationStringTests {
    /// An extension that sets the body from the data key `key`, with `args`.
    final class Localizing: UNNotificationServiceExtension {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            let content = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
            content.body = NSString.localizedUserNotificationString(forKey: request.content.userInfo["key"] as? String ?? "", arguments: ["Ann", 3])
            contentHandler(content)
        }
    }

    static func body(key: String) throws -> String? {
        var app = AppConfiguration()
        app.strings = try LocalizableStrings.parse(Array(#""GREETING" = "%@ hat %@ Nachrichten";"#.utf8), shown: "L.strings")
        let push = #"{"aps": {"alert": "Hi", "mutable-content": 1}, "key": "\#(key)"}"#
        return NotificationDevice(app: app).deliver(TestSupport.lint(push), makeExtension: { Localizing() }).delivered?.body
    }

    @Test("a key in the strings gives its text with the arguments; a missing one gives the key; outside a simulation, the key")
    func looksUpTheAppsStrings() throws {
        #expect(try Self.body(key: "GREETING") == "Ann hat 3 Nachrichten")
        #expect(try Self.body(key: "NOT_THERE") == "NOT_THERE")
        #expect(NSString.localizedUserNotificationString(forKey: "GREETING", arguments: nil) == "GREETING")
    }
}
