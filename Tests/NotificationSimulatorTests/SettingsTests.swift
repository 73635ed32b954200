import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// The user's notification settings decide what a visible push does (catalogue entries `ios.settings-*`).
@Suite("Notification settings: denied, alerts off, provisional, sounds off", .serialized)
struct SettingsTests {
    static let push = #"{"aps": {"alert": {"title": "Golden hour", "body": "Sunset"}, "sound": "default", "badge": 3, "mutable-content": 1}}"#

    /// An extension that marks the content it handles, so a test can tell whether it ran.
    final class Marker: UNNotificationServiceExtension, @unchecked Sendable {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            let content = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
            content.title = "[modified] " + content.title
            contentHandler(content)
        }
    }

    static func deliver(_ settings: DeviceSettings?, push: String = push, headers: [String: String] = [:],
                        app: AppConfiguration = AppConfiguration(backgroundModes: ["remote-notification"])) -> DeliveryRecord {
        var app = app
        app.settings = settings
        return NotificationDevice(app: app).deliver(TestSupport.lint(push, headers: headers), makeExtension: { Marker() })
    }

    static func rules(_ record: DeliveryRecord) -> [String] { record.diagnostics.map(\.rule) }

    @Test("without settings the record has no settings part, as before")
    func noSettingsNoPart() {
        let record = Self.deliver(nil)
        #expect(record.settings == nil)
        #expect(!record.text.contains("\"settings\""))
        #expect(record.delivered?.title == "[modified] Golden hour")
    }

    @Test("denied: nothing is shown and the service extension is not run")
    func deniedShowsNothing() throws {
        let record = Self.deliver(DeviceSettings(authorizationStatus: .denied))
        #expect(record.accepted)
        #expect(record.delivered == nil)
        #expect(record.serviceExtension?.invoked == false)
        let part = try #require(record.settings)
        #expect(part.authorizationStatus == "denied")
        #expect(part.shownIn.isEmpty)
        #expect(!part.soundPlays && !part.badgeApplied)
        #expect(Self.rules(record).contains("ios.settings-denied"))
        #expect(record.text.contains("\"shownIn\": []"))
    }

    @Test("notDetermined is treated as not authorized: nothing is shown")
    func notDeterminedShowsNothing() {
        let record = Self.deliver(DeviceSettings(authorizationStatus: .notDetermined))
        #expect(record.delivered == nil)
        #expect(record.serviceExtension?.invoked == false)
    }

    @Test("denied does not stop a background push from waking the app (a modelling choice)")
    func deniedStillWakesForBackgroundPush() {
        let record = Self.deliver(DeviceSettings(authorizationStatus: .denied), push: #"{"aps": {"content-available": 1}}"#,
                                  headers: ["apns-push-type": "background", "apns-priority": "5"])
        #expect(record.appWoken)
        #expect(record.delivered == nil)
    }

    @Test("alerts off: the extension is not run and the original content is listed in Notification Center only")
    func alertsOffListsOriginal() throws {
        let record = Self.deliver(DeviceSettings(alertSetting: .disabled))
        #expect(record.serviceExtension?.invoked == false)
        #expect(record.delivered?.title == "Golden hour")
        #expect(record.settings?.shownIn == ["notificationCenter"])
        #expect(Self.rules(record).contains("ios.settings-alerts-off"))
    }

    @Test("alerts and Notification Center off: nothing is shown")
    func alertsAndCenterOffShowNothing() {
        let record = Self.deliver(DeviceSettings(alertSetting: .disabled, notificationCenterSetting: .disabled))
        #expect(record.delivered == nil)
        #expect(record.serviceExtension?.invoked == false)
    }

    @Test("provisional: delivered quietly to Notification Center, no sound, no badge; the extension runs (a modelling choice)")
    func provisionalIsQuiet() throws {
        let record = Self.deliver(DeviceSettings(authorizationStatus: .provisional))
        #expect(record.serviceExtension?.invoked == true)
        #expect(record.delivered?.title == "[modified] Golden hour")
        let part = try #require(record.settings)
        #expect(part.authorizationStatus == "provisional")
        #expect(part.shownIn == ["notificationCenter"])
        #expect(!part.soundPlays)
        #expect(!part.badgeApplied)
        #expect(Self.rules(record).contains("ios.settings-provisional"))
    }

    @Test("sounds off: the notification is shown everywhere, without its sound")
    func soundsOffIsSilent() throws {
        let record = Self.deliver(DeviceSettings(soundSetting: .disabled))
        #expect(record.delivered?.title == "[modified] Golden hour")
        let part = try #require(record.settings)
        #expect(part.shownIn == ["banner", "lockScreen", "notificationCenter"])
        #expect(!part.soundPlays)
        #expect(part.badgeApplied)
        #expect(Self.rules(record).contains("ios.settings-sound-off"))
    }

    @Test("authorized with everything on: shown everywhere, sound plays, no settings note")
    func authorizedPlaysEverything() throws {
        let record = Self.deliver(DeviceSettings())
        let part = try #require(record.settings)
        #expect(part.shownIn == ["banner", "lockScreen", "notificationCenter"])
        #expect(part.soundPlays && part.badgeApplied)
        #expect(!Self.rules(record).contains { $0.hasPrefix("ios.settings") })
    }

    @Test("a push without a sound has soundPlays false even when sounds are on")
    func noSoundNoPlay() {
        let record = Self.deliver(DeviceSettings(), push: #"{"aps": {"alert": "Hi"}}"#)
        #expect(record.settings?.soundPlays == false)
    }

    @Test("a settings file is read with Apple's names; a key left out is enabled")
    func settingsFileIsRead() throws {
        let settings = try DeviceSettings.parse(Array(#"{"authorizationStatus": "ephemeral", "lockScreenSetting": "disabled"}"#.utf8), shown: "s.json")
        #expect(settings.authorizationStatus == .ephemeral)
        #expect(settings.lockScreenSetting == .disabled)
        #expect(settings.soundSetting == .enabled)
        #expect(settings.verdict.places == ["banner", "notificationCenter"])
    }

    @Test("a bad settings file is an error at its line and column", arguments: [
        ("{\n  \"authorizationStatus\": \"maybe\"\n}", 2, 26, "not one of"),
        ("{\"soundSetting\": true}", 1, 18, "must be a string"),
        ("{\n\"alertSetting\": \"enabled\",\n \"alerts\": \"on\"}", 3, 2, "unknown key 'alerts'"),
        ("{\"alertSetting\": \"enabled\", \"alertSetting\": \"disabled\"}", 1, 29, "given twice"),
        ("[]", 1, 1, "JSON object"),
        ("{\"alertSetting\": \"enabled\",}", 1, 28, ""),
    ])
    func badSettingsFile(text: String, line: Int, column: Int, message: String) {
        #expect(throws: Diagnostic.self) { try DeviceSettings.parse(Array(text.utf8), shown: "settings.json") }
        do {
            _ = try DeviceSettings.parse(Array(text.utf8), shown: "settings.json")
        } catch {
            #expect(error.location == SourceLocation(line: line, column: column), "\(error.text)")
            #expect(error.rule == DeviceSettings.rule)
            #expect(error.text.hasPrefix("settings.json:\(line):\(column): error:"), "\(error.text)")
            if !message.isEmpty { #expect(error.message.contains(message), "\(error.message)") }
        }
    }

    /// Records what the app's code saw, across the simulator's thread hop.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String] = []
        func add(_ value: String) { lock.lock(); values.append(value); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return values }
    }

    @Test("a denied app's code sees the settings: requestAuthorization is refused, add(_:) fails with notificationsNotAllowed, nothing is shown")
    func deniedLocalNotification() {
        var app = AppConfiguration.plain
        app.settings = DeviceSettings(authorizationStatus: .denied)
        let seen = Seen()
        let record = NotificationDevice(app: app).runLocal { center in
            center.requestAuthorization(options: [.alert]) { granted, _ in seen.add("granted \(granted)") }
            center.getNotificationSettings { settings in seen.add("status \(settings.authorizationStatus.rawValue)") }
            let content = UNMutableNotificationContent()
            content.body = "Stand up"
            center.add(UNNotificationRequest(identifier: "r", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false))) { error in
                seen.add("error \((error as? UNError)?.code == .notificationsNotAllowed)")
            }
        }
        #expect(record.delivered == nil)
        #expect(record.settings?.authorizationStatus == "denied")
        #expect(Set(seen.all) == ["granted false", "status 1", "error true"])
    }

    @Test("a provisional app's local notification is listed in Notification Center only; its settings read provisional")
    func provisionalLocalNotification() {
        var app = AppConfiguration.plain
        app.settings = DeviceSettings(authorizationStatus: .provisional, soundSetting: .disabled)
        let seen = Seen()
        let record = NotificationDevice(app: app).runLocal { center in
            center.getNotificationSettings { settings in seen.add("status \(settings.authorizationStatus.rawValue) sound \(settings.soundSetting.rawValue)") }
            let content = UNMutableNotificationContent()
            content.body = "Stand up"
            content.sound = .default
            center.add(UNNotificationRequest(identifier: "r", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)))
        }
        #expect(record.delivered?.body == "Stand up")
        #expect(record.settings?.shownIn == ["notificationCenter"])
        #expect(record.settings?.soundPlays == false)
        #expect(seen.all == ["status 3 sound 1"])
    }
}
