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

    init(payload: JSONValue) {
        let content = UNMutableNotificationContent()
        let aps = payload["aps"]
        content.userInfo = (payload.foundationValue as? [String: Any]).map { dictionary in
            var info: [AnyHashable: Any] = [:]
            for (key, value) in dictionary { info[key] = value }
            return info
        } ?? [:]
        switch aps?["alert"] {
        case .string(let body, _)?:
            content.body = body
        case .object?:
            let alert = aps?["alert"]
            content.title = alert?["title"]?.stringValue ?? ""
            content.subtitle = alert?["subtitle"]?.stringValue ?? ""
            content.body = alert?["body"]?.stringValue ?? ""
            content.launchImageName = alert?["launch-image"]?.stringValue ?? ""
            if content.title.isEmpty, let key = alert?["title-loc-key"]?.stringValue { content.title = key }
            if content.subtitle.isEmpty, let key = alert?["subtitle-loc-key"]?.stringValue { content.subtitle = key }
            if content.body.isEmpty, let key = alert?["loc-key"]?.stringValue { content.body = key }
        default:
            break
        }
        if let badge = aps?["badge"]?.numberValue?.intValue { content.badge = NSNumber(value: badge) }
        switch aps?["sound"] {
        case .string(let name, _)?:
            content.sound = UNNotificationSound(named: UNNotificationSoundName(name))
        case .object?:
            let sound = aps?["sound"]
            let name = sound?["name"]?.stringValue ?? "default"
            if sound?["critical"]?.numberValue?.intValue == 1 {
                let volume = Float(sound?["volume"]?.numberValue?.doubleValue ?? 1)
                content.sound = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName(name), withAudioVolume: volume)
            } else {
                content.sound = UNNotificationSound(named: UNNotificationSoundName(name))
            }
        default:
            break
        }
        content.categoryIdentifier = aps?["category"]?.stringValue ?? ""
        content.threadIdentifier = aps?["thread-id"]?.stringValue ?? ""
        content.targetContentIdentifier = aps?["target-content-id"]?.stringValue
        if let level = aps?["interruption-level"]?.stringValue.flatMap(UNNotificationInterruptionLevel.init(payloadName:)) {
            content.interruptionLevel = level
        }
        if let score = aps?["relevance-score"]?.numberValue?.doubleValue, score.isFinite { content.relevanceScore = score }
        content.filterCriteria = aps?["filter-criteria"]?.stringValue
        self.content = (content.copy() as? UNNotificationContent) ?? content
        // The gate's flags are decided once, in Payloads, where the playground reads them too.
        let gate = ExtensionGate(payload: payload, accepted: true)
        self.mutableContent = gate.isMutable
        self.mutableContentIsBoolean = aps?["mutable-content"]?.boolValue == true
        self.contentAvailable = gate.isContentAvailable
        self.hasAlertText = gate.hasAlertText
        self.isVisible = gate.isVisible
    }

    /// The JSON value of a Foundation value (for records of content an app built); sorted keys.
    static func json(_ value: Any) -> JSONValue {
        switch value {
        case let s as String: return .string(s)
        case let n as NSNumber:
            if CFGetTypeIDIfAvailable(n) { return .bool(n.boolValue) }
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

    /// True when the number was made from a Boolean.
    private static func CFGetTypeIDIfAvailable(_ n: NSNumber) -> Bool {
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
