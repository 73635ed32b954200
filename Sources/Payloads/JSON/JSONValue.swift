/// A JSON value that keeps its source location, the order of object keys, and the exact text of numbers.
///
/// Numbers and Booleans stay distinct (`1` is not `true`): APNs wants `"mutable-content": 1`, and a
/// payload that says `true` is a different payload. Equality ignores locations.
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null(SourceLocation)
    /// `true` or `false`.
    case bool(Bool, SourceLocation)
    /// A number, as written (`1`, `1.0`, `-2e3`).
    case number(JSONNumber, SourceLocation)
    /// A string.
    case string(String, SourceLocation)
    /// An array.
    case array([JSONValue], SourceLocation)
    /// An object; members keep their order and their key's location.
    case object([JSONMember], SourceLocation)

    /// Where the value starts in its file (`.none` for synthesized values).
    public var location: SourceLocation {
        switch self {
        case .null(let l), .bool(_, let l), .number(_, let l), .string(_, let l), .array(_, let l), .object(_, let l): l
        }
    }

    /// The members of an object, or nil.
    public var members: [JSONMember]? {
        if case .object(let members, _) = self { return members }
        return nil
    }

    /// The string value, or nil.
    public var stringValue: String? {
        if case .string(let s, _) = self { return s }
        return nil
    }

    /// The elements of an array, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let a, _) = self { return a }
        return nil
    }

    /// The Boolean value, or nil (numbers are not Booleans).
    public var boolValue: Bool? {
        if case .bool(let b, _) = self { return b }
        return nil
    }

    /// The number, or nil (Booleans are not numbers).
    public var numberValue: JSONNumber? {
        if case .number(let n, _) = self { return n }
        return nil
    }

    /// The value of the first member named `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        members?.first(where: { $0.key == key })?.value
    }

    /// The JSON type's name, for messages: `object`, `array`, `string`, `number`, `boolean`, `null`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The same value with every location erased, for comparisons and synthesized output.
    public var withoutLocations: JSONValue {
        switch self {
        case .null: .null(.none)
        case .bool(let b, _): .bool(b, .none)
        case .number(let n, _): .number(n, .none)
        case .string(let s, _): .string(s, .none)
        case .array(let a, _): .array(a.map { $0.withoutLocations }, .none)
        case .object(let m, _): .object(m.map { JSONMember(key: $0.key, keyLocation: .none, value: $0.value.withoutLocations) }, .none)
        }
    }

    /// Compares values, ignoring where they were written.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a, _), .bool(let b, _)): a == b
        case (.number(let a, _), .number(let b, _)): a == b
        case (.string(let a, _), .string(let b, _)): a == b
        case (.array(let a, _), .array(let b, _)): a == b
        case (.object(let a, _), .object(let b, _)): a == b
        default: false
        }
    }

    /// Hashes the value, ignoring where it was written.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b, _): hasher.combine(b)
        case .number(let n, _): hasher.combine(n)
        case .string(let s, _): hasher.combine(s)
        case .array(let a, _): hasher.combine(a)
        case .object(let m, _): hasher.combine(m)
        }
    }
}

/// One `key: value` member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The key.
    public var key: String
    /// Where the key starts.
    public var keyLocation: SourceLocation
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, keyLocation: SourceLocation = .none, value: JSONValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }

    /// Compares key and value, ignoring locations.
    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }

    /// Hashes key and value, ignoring locations.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }
}

extension Array where Element == JSONMember {
    /// The members without the later ones of a repeated key: what a reader that keeps the first
    /// value sees (Pushbook's reading of `json.duplicate-key`, and `JSONValue[key]`'s).
    public var firstOfEachKey: [JSONMember] {
        var seen: Set<String> = []
        return filter { seen.insert($0.key).inserted }
    }
}

/// A JSON number kept as written, so `1` and `1.0` stay apart and nothing is lost to rounding.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text, as written in the source (already validated as JSON number syntax).
    public var text: String

    /// Creates a number from its JSON text.
    public init(text: String) { self.text = text }

    /// Creates a number from an integer.
    public init(_ value: Int) { self.text = String(value) }

    /// True when the text has no fraction or exponent.
    public var isInteger: Bool { !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) }

    /// The value as an integer, when it is one and fits.
    public var intValue: Int? { isInteger ? Int(text) : Double(text).flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil } }

    /// The value as a double.
    public var doubleValue: Double { Double(text) ?? .nan }

    /// The number's text.
    public var description: String { text }
}

extension JSONValue {
    /// A synthesized string value.
    public static func string(_ s: String) -> JSONValue { .string(s, .none) }
    /// A synthesized integer value.
    public static func int(_ i: Int) -> JSONValue { .number(JSONNumber(i), .none) }
    /// A synthesized Boolean value.
    public static func bool(_ b: Bool) -> JSONValue { .bool(b, .none) }
    /// A synthesized null.
    public static var null: JSONValue { .null(.none) }
    /// A synthesized array.
    public static func array(_ a: [JSONValue]) -> JSONValue { .array(a, .none) }
    /// A synthesized object from ordered pairs.
    public static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.0, value: $0.1) }, .none)
    }
    /// A synthesized number from a double, written without a trailing `.0` when it is whole; `null`
    /// for infinity and NaN, which JSON cannot write (a `1e999` in a payload has no value as a Double:
    /// the record says so instead of showing a made-up 0).
    public static func double(_ d: Double) -> JSONValue {
        guard d.isFinite else { return .null }
        if d == d.rounded(), abs(d) < 1e15 { return .number(JSONNumber(Int(d)), .none) }
        return .number(JSONNumber(text: "\(d)"), .none)
    }
}
