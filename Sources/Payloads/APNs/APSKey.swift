/// An Apple-defined key of the `aps` dictionary or of its `alert` and `sound` dictionaries, with its JSON type.
///
/// From Apple's Tables 1–3 of "Generating a remote notification" (domain-rules §1.2–1.4).
public struct APSKey: Sendable, Hashable {
    /// The key, as Apple spells it (`mutable-content`).
    public var name: String
    /// The JSON types Apple allows for it.
    public var types: [JSONType]
    /// True for keys that only mean something in a Live Activity push.
    public var liveActivityOnly: Bool
    /// True for keys that only mean something in a widgets or controls push (`content-changed`).
    public var widgetsOnly: Bool

    /// Creates a key description.
    public init(_ name: String, _ types: [JSONType], liveActivityOnly: Bool = false, widgetsOnly: Bool = false) {
        self.name = name
        self.types = types
        self.liveActivityOnly = liveActivityOnly
        self.widgetsOnly = widgetsOnly
    }

    /// The keys of `aps` (Apple's Table 1).
    public static let apsKeys: [APSKey] = [
        APSKey("alert", [.object, .string]),
        APSKey("badge", [.number]),
        APSKey("sound", [.string, .object]),
        APSKey("thread-id", [.string]),
        APSKey("category", [.string]),
        APSKey("content-available", [.number]),
        APSKey("mutable-content", [.number]),
        APSKey("target-content-id", [.string]),
        APSKey("interruption-level", [.string]),
        APSKey("relevance-score", [.number]),
        APSKey("filter-criteria", [.string]),
        APSKey("stale-date", [.number], liveActivityOnly: true),
        APSKey("content-state", [.object], liveActivityOnly: true),
        APSKey("timestamp", [.number], liveActivityOnly: true),
        APSKey("event", [.string], liveActivityOnly: true),
        APSKey("dismissal-date", [.number], liveActivityOnly: true),
        APSKey("attributes-type", [.string], liveActivityOnly: true),
        APSKey("attributes", [.object], liveActivityOnly: true),
        APSKey("input-push-token", [.number], liveActivityOnly: true),
        APSKey("input-push-channel", [.string], liveActivityOnly: true),
        APSKey("content-changed", [.boolean], widgetsOnly: true),
    ]

    /// The keys of the `alert` dictionary (Apple's Table 2).
    public static let alertKeys: [APSKey] = [
        APSKey("title", [.string]),
        APSKey("subtitle", [.string]),
        APSKey("body", [.string]),
        APSKey("launch-image", [.string]),
        APSKey("title-loc-key", [.string]),
        APSKey("title-loc-args", [.stringArray]),
        APSKey("subtitle-loc-key", [.string]),
        APSKey("subtitle-loc-args", [.stringArray]),
        APSKey("loc-key", [.string]),
        APSKey("loc-args", [.stringArray]),
    ]

    /// The keys of the `alert` dictionary of a Live Activity push: Apple's examples write `title` and
    /// `body` as strings or as `{"loc-key": …, "loc-args": […]}` dictionaries, and put `sound` inside the alert.
    public static let liveActivityAlertKeys: [APSKey] = alertKeys.map { key in
        key.name == "title" || key.name == "body" ? APSKey(key.name, [.string, .object]) : key
    } + [APSKey("sound", [.string])]

    /// Deprecated `alert` keys still seen in old code (`action-loc-key`, `action`): not in Apple's current table.
    public static let deprecatedAlertKeys: Set<String> = ["action-loc-key", "action"]

    /// The keys of the critical-alert `sound` dictionary (Apple's Table 3).
    public static let soundKeys: [APSKey] = [
        APSKey("critical", [.number]),
        APSKey("name", [.string]),
        APSKey("volume", [.number]),
    ]

    /// The `aps` key named `name`, if Apple defines one.
    public static func aps(_ name: String) -> APSKey? { apsKeys.first { $0.name == name } }

    /// The Apple key that `name` is a misspelling of (snake_case, camelCase or other case), if any.
    ///
    /// `mutable_content`, `mutableContent` and `Mutable-Content` all give `mutable-content`; a correct
    /// name gives nil.
    public static func misspelling(of name: String, in keys: [APSKey]) -> APSKey? {
        if keys.contains(where: { $0.name == name }) { return nil }
        let normalized = normalize(name)
        return keys.first { normalize($0.name) == normalized }
    }

    /// Lowercases and drops `-`, `_` and spaces, so spellings of one word compare equal.
    static func normalize(_ name: String) -> String {
        String(name.lowercasedASCII().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
