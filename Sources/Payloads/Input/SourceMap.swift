/// Maps paths in the APNs payload that reaches the device back to paths in the file that was read.
///
/// For an APNs or Simulator file the map is the identity. For an FCM message, `aps` comes from
/// `message.apns.payload.aps`, `aps.alert.title` may come from `message.notification.title`, a data
/// key from `message.data`, and so on: the longest matching prefix wins.
public struct SourceMap: Sendable, Equatable {
    /// Payload path prefix → the document path it comes from.
    public private(set) var entries: [JSONPath: JSONPath] = [:]

    /// A map where payload paths are document paths under `prefix` (the root by default).
    public init(prefix: JSONPath = .root) {
        entries[.root] = prefix
    }

    /// Records that payload paths under `payload` come from `source`.
    public mutating func map(_ payload: JSONPath, to source: JSONPath) {
        entries[payload] = source
    }

    /// The document path that payload path `path` came from (looked up prefix by prefix, longest first).
    public func source(of path: JSONPath) -> JSONPath {
        var count = path.components.count
        while count >= 0 {
            let prefix = JSONPath(Array(path.components.prefix(count)))
            if let source = entries[prefix] {
                return source.appending(path.dropping(count))
            }
            count -= 1
        }
        return path
    }
}
