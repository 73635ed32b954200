/// Maps paths in the APNs payload that reaches the device back to paths in the file that was read.
///
/// For an APNs or Simulator file the map is the identity. For an FCM message, `aps` comes from
/// `message.apns.payload.aps`, `aps.alert.title` may come from `message.notification.title`, a data
/// key from `message.data`, and so on: the longest matching prefix wins.
public struct SourceMap: Sendable, Equatable {
    /// One mapping: payload paths under `payload` come from document paths under `source`.
    public struct Entry: Sendable, Equatable {
        /// A payload path prefix.
        public var payload: JSONPath
        /// The document path it comes from.
        public var source: JSONPath
    }

    /// The mappings, in the order added.
    public private(set) var entries: [Entry] = []

    /// A map where payload paths are document paths under `prefix` (the root by default).
    public init(prefix: JSONPath = .root) {
        entries = [Entry(payload: .root, source: prefix)]
    }

    /// Records that payload paths under `payload` come from `source`.
    public mutating func map(_ payload: JSONPath, to source: JSONPath) {
        entries.removeAll { $0.payload == payload }
        entries.append(Entry(payload: payload, source: source))
    }

    /// The document path that payload path `path` came from.
    public func source(of path: JSONPath) -> JSONPath {
        var best: Entry?
        for entry in entries where path.hasPrefix(entry.payload) {
            if best == nil || entry.payload.components.count > (best?.payload.components.count ?? -1) { best = entry }
        }
        guard let best else { return path }
        return best.source.appending(path.dropping(best.payload.components.count))
    }
}
