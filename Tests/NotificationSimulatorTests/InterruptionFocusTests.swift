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
}
