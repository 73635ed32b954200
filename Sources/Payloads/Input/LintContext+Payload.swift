extension LintContext {
    /// The path of `aps` in the payload.
    public static let apsPath: JSONPath = "aps"

    /// The members of `aps` when it is a dictionary.
    public var apsMembers: [JSONMember]? { request.payload["aps"]?.members }

    /// True for a background (silent) push: `content-available: 1` and no alert, badge or sound.
    public var isSilentPush: Bool {
        guard let aps = payload.aps else { return false }
        return aps.isContentAvailable && !aps.hasUserInteraction
    }

    /// The push type the request declares, when it is one of Apple's and headers apply to the input.
    public var pushType: APNsPushType? { headersApply ? headers.pushType : nil }

    /// The priority APNs uses, if the header is a number (10 when omitted).
    public var effectivePriority: Int? { headers.effectivePriority }

    /// Renders a value briefly for a message: `"1"`, `true`, `{…}`.
    public func brief(_ value: JSONValue) -> String {
        switch value {
        case .object: return "{…}"
        case .array: return "[…]"
        default:
            let text = JSONWriter.compact(value)
            return text.count > 40 ? String(text.prefix(37)) + "…" : text
        }
    }
}

extension JSONValue {
    /// The member named `snake` or its proto3 JSON camelCase alias (`fcm_options` / `fcmOptions`).
    func field(_ snake: String) -> JSONValue? {
        self[snake] ?? self[FieldName.camel(snake)]
    }
}

/// Spellings of FCM field names: proto3 JSON accepts both `snake_case` and `lowerCamelCase`.
enum FieldName {
    /// `fcm_options` → `fcmOptions`.
    static func camel(_ snake: String) -> String {
        var out = ""
        var upper = false
        for c in snake {
            if c == "_" { upper = true; continue }
            out.append(upper ? Character(String(c).uppercasedASCII()) : c)
            upper = false
        }
        return out
    }
}
