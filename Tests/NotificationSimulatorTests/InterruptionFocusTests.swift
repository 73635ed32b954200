import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// The interruption level and a Focus narrow where a delivered notification appears (`ios.interruption-level-focus`).
@Suite("Interruption levels and Focus")
struct InterruptionFocusTests {
    /// A push at `level`, delivered with `settings` to an app that has the time-sensitive capability (unless `entitled` is false).
    static func deliver(level: String, settings: DeviceSettings?, entitled: Bool = true) -> DeliveryRecord {
        var app = AppConfiguration(entitlements: entitled ? [AppConfiguration.timeSensitiveEntitlement] : [])
        app.settings = settings
        let push = #"{"aps": {"alert": {"title": "Parcel", "body": "At the door"}, "sound": "default", "interruption-level": "\#(level)"}}"#
        return NotificationDevice(app: app).deliver(TestSupport.lint(push), makeExtension: nil)
    }

    static func focus(timeSensitive: UNNotificationSetting = .enabled) -> DeviceSettings {
        var settings = DeviceSettings()
        settings.focus = true
        settings.timeSensitiveSetting = timeSensitive
        return settings
    }

    @Test("in a Focus an active notification is silenced: Notification Center only, no sound")
    func focusSilencesActive() {
        let record = Self.deliver(level: "active", settings: Self.focus())
        #expect(record.settings?.shownIn == ["notificationCenter"])
        #expect(record.settings?.soundPlays == false)
        #expect(record.diagnostics.map(\.rule).contains("ios.interruption-level-focus"))
    }

    @Test("a time-sensitive notification breaks through a Focus, unless the user turned that off or the app lacks the capability")
    func timeSensitiveBreaksThrough() {
        let through = Self.deliver(level: "time-sensitive", settings: Self.focus())
        #expect(through.settings?.shownIn == ["banner", "lockScreen", "notificationCenter"])
        #expect(through.settings?.soundPlays == true)
        let turnedOff = Self.deliver(level: "time-sensitive", settings: Self.focus(timeSensitive: .disabled))
        #expect(turnedOff.settings?.shownIn == ["notificationCenter"])
        let unentitled = Self.deliver(level: "time-sensitive", settings: Self.focus(), entitled: false)
        #expect(unentitled.delivered?.interruptionLevel == .active)
        #expect(unentitled.settings?.shownIn == ["notificationCenter"])
    }

    @Test("passive never lights the screen or plays a sound, Focus or not; without settings the record has no settings part")
    func passiveWaitsInTheList() {
        let passive = Self.deliver(level: "passive", settings: DeviceSettings())
        #expect(passive.settings?.shownIn == ["notificationCenter"])
        #expect(passive.settings?.soundPlays == false)
        let active = Self.deliver(level: "active", settings: DeviceSettings())
        #expect(active.settings?.shownIn == ["banner", "lockScreen", "notificationCenter"])
        #expect(!active.diagnostics.map(\.rule).contains("ios.interruption-level-focus"))
        #expect(Self.deliver(level: "passive", settings: nil).settings == nil)
    }

    @Test("a settings file reads focus and timeSensitiveSetting, and refuses another focus value at its location")
    func settingsFileReadsFocus() throws {
        let settings = try DeviceSettings.parse(Array(#"{"focus": "on", "timeSensitiveSetting": "disabled"}"#.utf8), shown: "s.json")
        #expect(settings.focus && settings.timeSensitiveSetting == .disabled)
        #expect(throws: Diagnostic.self) { try DeviceSettings.parse(Array(#"{"focus": "work"}"#.utf8), shown: "s.json") }
        do {
            _ = try DeviceSettings.parse(Array("{\n  \"focus\": \"work\"}".utf8), shown: "s.json")
        } catch {
            #expect(error.location.line == 2)
            #expect(error.message.contains("not one of on, off"))
        }
    }

    /// The records of `pushes` (title, level, score) sent in order to one entitled device whose user chose the Scheduled Summary.
    static func summarySequence(_ pushes: [(String, String, Double)], timeSensitive: UNNotificationSetting = .enabled) -> [DeviceRun] {
        var app = AppConfiguration(entitlements: [AppConfiguration.timeSensitiveEntitlement])
        var settings = DeviceSettings()
        settings.scheduledDeliverySetting = .enabled
        settings.timeSensitiveSetting = timeSensitive
        app.settings = settings
        let device = NotificationDevice(app: app)
        let session = DeviceSession()
        return pushes.map { title, level, score in
            let push = #"{"aps": {"alert": {"title": "\#(title)", "body": "b"}, "sound": "default", "interruption-level": "\#(level)", "relevance-score": \#(score)}}"#
            return device.simulate(TestSupport.lint(push), makeExtension: nil, session: session)
        }
    }

    @Test("with the Scheduled Summary chosen, passive and active notifications wait for it, the highest relevance-score first, equal scores newest first; time-sensitive breaks through")
    func scheduledSummaryOrdersByRelevance() throws {
        let runs = Self.summarySequence([("Offer", "passive", 0.1), ("Update", "active", 0.8), ("Digest", "active", 0.1), ("Courier", "time-sensitive", 1.0)])
        try #require(runs.count == 4)
        #expect(runs[0].record.settings?.shownIn == [DeviceSettings.summaryPlace])
        #expect(runs[1].record.settings?.soundPlays == false)
        #expect(runs[0].shown == nil, "a notification waiting for the summary cannot be answered")
        let last = try #require(runs[3].record.notificationCenter)
        #expect(last.summary.map(\.title) == ["Update", "Digest", "Offer"])
        #expect(last.notifications.map(\.title) == ["Courier"])
        #expect(runs[3].record.settings?.shownIn == ["banner", "lockScreen", "notificationCenter"])
        #expect(runs[3].shown != nil)
        let json = JSONWriter.write(runs[3].record.json, sortKeys: false)
        #expect(json.contains("\"summary\""))
        let plain = Self.deliver(level: "active", settings: DeviceSettings())
        #expect(plain.settings?.shownIn == ["banner", "lockScreen", "notificationCenter"], "the summary is off unless the settings choose it")
    }

    @Test("a time-sensitive notification the user does not allow waits for the Scheduled Summary like an active one; the settings file reads scheduledDeliverySetting")
    func disallowedTimeSensitiveWaits() throws {
        let runs = Self.summarySequence([("Courier", "time-sensitive", 1.0)], timeSensitive: .disabled)
        #expect(runs[0].record.settings?.shownIn == [DeviceSettings.summaryPlace])
        #expect(runs[0].record.notificationCenter?.summary.map(\.title) == ["Courier"])
        let settings = try DeviceSettings.parse(Array(#"{"scheduledDeliverySetting": "enabled"}"#.utf8), shown: "s.json")
        #expect(settings.scheduledDeliverySetting == .enabled)
        #expect(UNNotificationSettings(settings: settings).scheduledDeliverySetting == .enabled)
        #expect(DeviceSettings().scheduledDeliverySetting == .disabled)
    }
}
