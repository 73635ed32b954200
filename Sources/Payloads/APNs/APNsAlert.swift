/// The value of `aps.alert`: a string (shown as the body) or a dictionary (Apple's Table 1).
public enum APNsAlert: Sendable, Equatable {
    /// A string alert: iOS displays it as the body text.
    case text(String)
    /// An alert dictionary.
    case dictionary(APNsAlertDictionary)

    /// Reads an alert from JSON, or nil when it is neither a string nor a dictionary.
    public init?(json: JSONValue) {
        switch json {
        case .string(let s, _): self = .text(s)
        case .object(let members, _): self = .dictionary(APNsAlertDictionary(members: members))
        default: return nil
        }
    }

    /// The literal title (empty for a string alert).
    public var title: String? {
        if case .dictionary(let d) = self { return d.title }
        return nil
    }

    /// The literal body (the string itself for a string alert).
    public var body: String? {
        switch self {
        case .text(let s): s
        case .dictionary(let d): d.body
        }
    }

    /// True when there is visible literal text: a non-empty string, or a title, subtitle or body.
    public var hasLiteralText: Bool {
        switch self {
        case .text(let s): !s.isEmpty
        case .dictionary(let d): d.hasLiteralText
        }
    }
}
