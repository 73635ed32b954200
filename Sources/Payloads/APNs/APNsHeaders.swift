/// The APNs HTTP/2 request headers that matter to delivery (domain-rules §1.5), typed.
public struct APNsHeaders: Sendable, Equatable {
    /// The priority APNs applies when `apns-priority` is omitted.
    public static let defaultPriority = 10

    /// All headers, names lowercased.
    public var raw: [String: String]

    /// Creates typed headers from raw ones (names are lowercased).
    public init(_ raw: [String: String]) {
        var lowered: [String: String] = [:]
        for (name, value) in raw { lowered[name.lowercasedASCII()] = value }
        self.raw = lowered
    }

    /// `apns-push-type`, as written.
    public var pushTypeName: String? { raw["apns-push-type"] }
    /// `apns-push-type`, when it is a known value.
    public var pushType: APNsPushType? { pushTypeName.flatMap(APNsPushType.init(rawValue:)) }
    /// `apns-priority` as written.
    public var priorityText: String? { raw["apns-priority"] }
    /// `apns-priority` as a number, when it is one.
    public var priority: Int? { priorityText.flatMap { Int($0.trimmingSpaces) } }
    /// The priority APNs uses: the header's, or 10 when omitted.
    public var effectivePriority: Int? { priorityText == nil ? Self.defaultPriority : priority }
    /// `apns-collapse-id`.
    public var collapseID: String? { raw["apns-collapse-id"] }
    /// `apns-expiration` (UNIX epoch seconds, or 0), as written.
    public var expiration: String? { raw["apns-expiration"] }
    /// `apns-id`.
    public var id: String? { raw["apns-id"] }
    /// `apns-topic`.
    public var topic: String? { raw["apns-topic"] }
}

extension String {
    /// The string without leading and trailing spaces and tabs: the one trim of the package (header
    /// values, front matter, snippet markers).
    public var trimmingSpaces: String {
        // As bytes: a space or a tab is one byte of UTF-8, never part of another character's bytes.
        let blank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = utf8.firstIndex(where: { !blank($0) }), let last = utf8.lastIndex(where: { !blank($0) }) else { return "" }
        if first == utf8.startIndex && utf8.index(after: last) == utf8.endIndex { return self }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
