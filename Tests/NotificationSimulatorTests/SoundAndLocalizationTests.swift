import Foundation
import Testing
import Payloads
@testable import NotificationSimulator

/// Sounds iOS does not play, critical sounds without the entitlement, and localized alert text.
@Suite("Sounds and localized alerts", .serialized)
struct SoundAndLocalizationTests {
    static func deliver(_ push: String, app: AppConfiguration = .plain,
                        makeExtension: (() -> UNNotificationServiceExtension)? = { UNNotificationServiceExtension() }) -> DeliveryRecord {
        NotificationDevice(app: app).deliver(TestSupport.lint(push), makeExtension: makeExtension)
    }

    @Test("an .mp3 sound gets a warning in simulate that the default sound plays instead")
    func mp3SoundWarns() throws {
        let record = Self.deliver(#"{"aps": {"alert": "Hi", "sound": "chime.mp3"}}"#)
        let warning = try #require(record.diagnostics.first { $0.rule == "apns.sound-file-type" })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("default sound plays instead"))
        #expect(warning.location == SourceLocation(line: 1, column: 34))
        #expect(record.delivered != nil)
    }

    @Test("aiff, wav and caf sounds, the default sound and a name without extension get no warning")
    func playableSoundsAreQuiet() {
        for name in ["a.aiff", "a.aif", "a.wav", "a.CAF", "default", "chime"] {
            let record = Self.deliver(#"{"aps": {"alert": "Hi", "sound": "\#(name)"}}"#)
            #expect(!record.diagnostics.contains { $0.rule == "apns.sound-file-type" }, "\(name)")
        }
        #expect(SoundFileType(name: "x.m4a") == .unplayable(fileExtension: "m4a"))
        #expect(SoundFileType(name: ".mp3") == .unknown)
    }

    /// An extension that swaps the sound for an .mp3 file.
    final class MP3Sound: UNNotificationServiceExtension, @unchecked Sendable {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            let content = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
            content.sound = UNNotificationSound(named: UNNotificationSoundName("ding.mp3"))
            contentHandler(content)
        }
    }

    @Test("an .mp3 sound set by the extension is reported by the device")
    func extensionMP3SoundWarns() {
        let record = Self.deliver(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#, makeExtension: { MP3Sound() })
        #expect(record.diagnostics.contains { $0.rule == "apns.sound-file-type" && $0.message.contains("the extension set sound 'ding.mp3'") })
    }

    static let criticalPush = #"{"aps": {"alert": "Fire", "sound": {"critical": 1, "name": "alarm.caf", "volume": 1}}}"#

    @Test("a critical sound without the critical-alerts entitlement plays as an ordinary sound, with a warning")
    func criticalWithoutEntitlement() {
        let record = Self.deliver(Self.criticalPush)
        #expect(record.delivered?.sound == "alarm.caf")
        #expect(record.diagnostics.contains { $0.rule == "ios.critical-sound-entitlement" && $0.severity == .warning })
    }

    @Test("with the entitlement the sound is critical; with critical alerts off in the settings it is not")
    func criticalWithEntitlement() {
        var app = AppConfiguration(entitlements: [AppConfiguration.criticalAlertsEntitlement])
        #expect(Self.deliver(Self.criticalPush, app: app).delivered?.sound == "critical:alarm.caf")
        app.settings = DeviceSettings(criticalAlertSetting: .disabled)
        let record = Self.deliver(Self.criticalPush, app: app)
        #expect(record.delivered?.sound == "alarm.caf")
        #expect(record.diagnostics.contains { $0.rule == "ios.critical-sound-entitlement" })
    }

    static let localizedPush = #"{"aps": {"alert": {"title-loc-key": "TITLE", "subtitle-loc-key": "SUB", "loc-key": "BODY", "loc-args": ["Ann", "3"]}}}"#
    static let stringsFile = """
    /* The notification's title. */
    "TITLE" = "New \\"message\\"";
    // Positional arguments, reordered.
    SUB = "From %1$@";
    "BODY" = "%2$@ new from %1$@ (100%%) \\U2014 ok";
    """

    @Test("with strings, loc keys show the localized text with %@, %1$@ and %% filled in")
    func localizedWithStrings() throws {
        var app = AppConfiguration.plain
        app.strings = try LocalizableStrings.parse(Array(Self.stringsFile.utf8), shown: "Localizable.strings")
        let record = Self.deliver(Self.localizedPush, app: app)
        #expect(record.delivered?.title == "New \"message\"")
        #expect(record.delivered?.subtitle == "From %1$@")
        #expect(record.delivered?.body == "3 new from Ann (100%) \u{2014} ok")
        #expect(record.diagnostics.contains { $0.rule == "ios.loc-format" && $0.message.contains("subtitle-loc-key") })
        #expect(record.diagnostics.filter { $0.rule == "ios.localized-alert" }.count == 3)
    }

    @Test("without strings the record shows the keys, and a note says why")
    func localizedWithoutStrings() {
        let record = Self.deliver(Self.localizedPush)
        #expect(record.delivered?.title == "TITLE")
        #expect(record.delivered?.body == "BODY")
        let notes = record.diagnostics.filter { $0.rule == "ios.localized-key-missing" }
        #expect(notes.count == 3)
        #expect(notes.allSatisfy { $0.severity == .note && $0.message.contains("no Localizable.strings was given") })
    }

    @Test("a key the strings lack shows as the key, with a warning; a literal body wins over loc-key")
    func missingKeyAndLiteral() throws {
        var app = AppConfiguration.plain
        app.strings = LocalizableStrings(table: ["OTHER": "x"])
        let record = Self.deliver(#"{"aps": {"alert": {"title-loc-key": "TITLE", "body": "Literal", "loc-key": "BODY"}}}"#, app: app)
        #expect(record.delivered?.title == "TITLE")
        #expect(record.delivered?.body == "Literal")
        #expect(record.diagnostics.contains { $0.rule == "ios.localized-key-missing" && $0.severity == .warning })
    }

    @Test("format: sequential and positional arguments, %%, too few arguments left as written")
    func formatting() {
        #expect(AlertLocalizer.format("%@ and %@", args: ["a", "b"]).text == "a and b")
        #expect(AlertLocalizer.format("%2$@ then %1$@", args: ["a", "b"]).text == "b then a")
        #expect(AlertLocalizer.format("50%% of %@", args: ["x"]).text == "50% of x")
        let short = AlertLocalizer.format("%@ and %@", args: ["a"])
        #expect(short.text == "a and %@")
        #expect(short.problems.count == 1)
        #expect(AlertLocalizer.format("%d items", args: ["3"]).problems.count == 1)
    }

    @Test("the strings format: comments, escapes, unquoted words, a key alone, UTF-16 with a byte-order mark")
    func stringsFormat() throws {
        let text = "// c\n/* multi\nline */ \"a\" = \"x\\ty\\n\\\\\"; key-2 = value.2; \"alone\";\n\"oct\" = \"\\101\";"
        let table = try LocalizableStrings.parse(Array(text.utf8), shown: "L.strings").table
        #expect(table == ["a": "x\ty\n\\", "key-2": "value.2", "alone": "alone", "oct": "A"])
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "\"k\" = \"caf\u{E9} \u{1F600}\";".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try LocalizableStrings.parse(utf16, shown: "L.strings").table == ["k": "café 😀"])
        #expect(try LocalizableStrings.parse(Array("\"s\" = \"\\UD83D\\UDE00\";".utf8), shown: "L.strings").table == ["s": "😀"])
    }

    @Test("a bad strings file is an error at its line and column", arguments: [
        ("\"A\" = \"x\"\n\"B\" = \"y\";", 2, 1, "expected ';'"),
        ("\"A\" = \"x;\n", 1, 7, "not closed"),
        ("/* open\n\"A\" = \"x\";", 1, 1, "comment is not closed"),
        ("\"A\" \"x\";", 1, 5, "expected '=' or ';'"),
        ("\"A\" = \"\\U12\";", 1, 8, "four hexadecimal digits"),
        ("\"A\" = ;", 1, 7, "expected a value"),
        ("\"A\" = \"\\UD83D\";", 1, 7, "surrogate"),
    ])
    func badStringsFile(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try LocalizableStrings.parse(Array(text.utf8), shown: "Localizable.strings")
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.location == SourceLocation(line: line, column: column), "\(error.text)")
            #expect(error.rule == LocalizableStrings.rule)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
