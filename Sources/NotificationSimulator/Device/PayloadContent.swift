import Foundation
import Payloads

/// What iOS makes of an APNs payload: the notification content and the flags of the gate (domain-rules §1.7, §2.1).
struct PayloadContent {
    /// The content an extension receives and the user sees by default.
    let content: UNNotificationContent
    /// True when `aps.mutable-content` is the number 1.
    let mutableContent: Bool
    /// True when `aps.mutable-content` is the Boolean `true` (not run: rule `ios.mutable-content-boolean`).
    let mutableContentIsBoolean: Bool
    /// True when `aps.content-available` is the number 1.
    let contentAvailable: Bool
    /// True when the alert has text to show (title, subtitle or body; a string alert is its body).
    let hasAlertText: Bool
    /// True when the push shows, sounds or badges anything.
    let isVisible: Bool
    /// What the device notes about localized alert text (loc keys resolved, missing, or without strings).
    let localizationNotes: [Diagnostic]

    /// The content of `payload`, built from its typed `aps` (`APS`: the first of repeated keys, as
    /// `json.duplicate-key` documents); `userInfo` is the whole payload as Foundation values;
    /// `strings` are the app's Localizable.strings, for the alert's loc keys.
    init(payload: JSONValue, strings: LocalizableStrings? = nil) {
        var notes: [Diagnostic] = []
        let content = UNMutableNotificationContent()
        let aps = APNsPayload(json: payload).aps
        content.userInfo = (payload.foundationValue as? [String: Any]).map { dictionary in
            var info: [AnyHashable: Any] = [:]
            for (key, value) in dictionary { info[key] = value }
            return info
        } ?? [:]
        switch aps?.alert {
        case .text(let body)?:
            content.body = body
        case .dictionary(let alert)?:
            content.title = alert.title ?? ""
            content.subtitle = alert.subtitle ?? ""
            content.body = alert.body ?? ""
            content.launchImageName = alert.launchImage ?? ""
            // A localization key shows the app's localized text, or the key without strings (ios.localized-*).
            let localizer = AlertLocalizer(strings: strings)
            if let text = localizer.text(of: AlertLocalizer.title, in: alert, diagnostics: &notes) { content.title = text }
            if let text = localizer.text(of: AlertLocalizer.subtitle, in: alert, diagnostics: &notes) { content.subtitle = text }
            if let text = localizer.text(of: AlertLocalizer.body, in: alert, diagnostics: &notes) { content.body = text }
        case nil:
            break
        }
        if let badge = aps?.badge { content.badge = NSNumber(value: badge) }
        switch aps?.sound {
        case .named(let name)?:
            content.sound = UNNotificationSound(named: UNNotificationSoundName(name))
        case .critical(let sound)?:
            let name = UNNotificationSoundName(sound.name ?? "default")
            if sound.critical == 1 {
                content.sound = UNNotificationSound.criticalSoundNamed(name, withAudioVolume: Float(sound.volume ?? 1))
            } else {
                content.sound = UNNotificationSound(named: name)
            }
        case nil:
            break
        }
        content.categoryIdentifier = aps?.category ?? ""
        content.threadIdentifier = aps?.threadID ?? ""
        content.targetContentIdentifier = aps?.targetContentID
        if let level = aps?.interruptionLevel { content.interruptionLevel = UNNotificationInterruptionLevel(level) }
        if let score = aps?.relevanceScore, score.isFinite { content.relevanceScore = score }
        content.filterCriteria = aps?.filterCriteria
        self.content = (content.copy() as? UNNotificationContent) ?? content
        // The gate's flags are decided once, in Payloads, where the playground reads them too.
        let gate = ExtensionGate(payload: payload, accepted: true)
        self.mutableContent = gate.isMutable
        self.mutableContentIsBoolean = aps?.mutableContentIsTrue ?? false
        self.contentAvailable = gate.isContentAvailable
        self.hasAlertText = gate.hasAlertText
        self.isVisible = gate.isVisible
        self.localizationNotes = notes
    }

    /// The JSON value of a Foundation value (for records of content an app built); sorted keys.
    static func json(_ value: Any) -> JSONValue {
        switch value {
        case let s as String: return .string(s)
        case let n as NSNumber:
            if isBoolean(n) { return .bool(n.boolValue) }
            if n.doubleValue == n.doubleValue.rounded(), abs(n.doubleValue) < 1e15 { return .int(n.intValue) }
            return .double(n.doubleValue)
        case let b as Bool: return .bool(b)
        case let i as Int: return .int(i)
        case let d as Double: return .double(d)
        case let a as [Any]: return .array(a.map(json))
        case let d as [AnyHashable: Any]:
            return .object(d.map { ("\($0.key)", json($0.value)) }.sorted { $0.0 < $1.0 })
        case let d as [String: Any]:
            return .object(d.map { ($0.key, json($0.value)) }.sorted { $0.0 < $1.0 })
        default: return .string("\(value)")
        }
    }

    /// True when the number was made from a Boolean, read from its Objective-C type code: `B`, or
    /// `c` holding 0 or 1 (how Darwin's Foundation reports a Boolean). An `Int8` 0 or 1 has that
    /// code too and counts as a Boolean here: NSNumber does not tell them apart.
    private static func isBoolean(_ n: NSNumber) -> Bool {
        let code = String(cString: n.objCType)
        return code == "B" || (code == "c" && (n.int8Value == 0 || n.int8Value == 1))
    }
}

extension JSONValue {
    /// The Foundation value of this JSON value, as `JSONSerialization` gives it on iOS: dictionaries,
    /// arrays, strings, `NSNumber` (Booleans too) and `NSNull`; the first of duplicate keys wins.
    public var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b, _): return NSNumber(value: b)
        case .number(let n, _):
            if n.isInteger, let i = Int(n.text) { return NSNumber(value: i) }
            return NSNumber(value: n.doubleValue)
        case .string(let s, _): return s
        case .array(let a, _): return a.map(\.foundationValue)
        case .object(let members, _):
            var dictionary: [String: Any] = [:]
            for member in members where dictionary[member.key] == nil { dictionary[member.key] = member.value.foundationValue }
            return dictionary
        }
    }
}
