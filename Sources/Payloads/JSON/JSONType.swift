/// A JSON type as the vendors' tables name it, for type checks and messages.
public enum JSONType: String, Sendable, Hashable, CaseIterable {
    /// A dictionary.
    case object
    /// An array of any values.
    case array
    /// An array whose elements are all strings.
    case stringArray = "array of strings"
    /// A string.
    case string
    /// A number (never a Boolean).
    case number
    /// `true` or `false`.
    case boolean
    /// `null`.
    case null

    /// True when `value` has this type.
    public func matches(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.object, .object), (.array, .array), (.string, .string), (.number, .number), (.boolean, .bool), (.null, .null):
            return true
        case (.stringArray, .array(let elements, _)):
            return elements.allSatisfy { $0.stringValue != nil }
        default:
            return false
        }
    }

    /// `"string"`, `"dictionary or string"`: the type names joined for a message.
    public static func describe(_ types: [JSONType]) -> String {
        types.map { $0 == .object ? "dictionary" : $0.rawValue }.joined(separator: " or ")
    }
}
