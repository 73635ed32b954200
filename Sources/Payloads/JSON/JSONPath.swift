/// A path to a value inside a JSON document, such as `message.apns.payload.aps.mutable-content`.
///
/// Rendered with dots between keys and `[n]` for array indices; a key that contains a dot, a space
/// or a bracket is written as `["google.c.fid"]` so the path stays unambiguous.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object member's key.
        case key(String)
        /// An array index.
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) { self.components = components }

    /// Creates a path from dot-separated keys (no escaping): `"aps.alert.title"`.
    public init(stringLiteral value: String) {
        components = value.isEmpty ? [] : value.split(separator: ".", omittingEmptySubsequences: false).map { .key(String($0)) }
    }

    /// The root path (the whole document).
    public static let root = JSONPath()

    /// This path followed by `key`.
    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }

    /// This path followed by array index `index`.
    public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    /// This path followed by `other`.
    public func appending(_ other: JSONPath) -> JSONPath { JSONPath(components + other.components) }

    /// True when `prefix` is this path or one of its ancestors.
    public func hasPrefix(_ prefix: JSONPath) -> Bool {
        prefix.components.count <= components.count && Array(components.prefix(prefix.components.count)) == prefix.components
    }

    /// The path without its first `count` steps.
    public func dropping(_ count: Int) -> JSONPath { JSONPath(Array(components.dropFirst(count))) }

    /// The path without its last step (the root stays the root).
    public var parent: JSONPath { JSONPath(Array(components.dropLast())) }

    /// The last key of the path, if it ends in a key.
    public var lastKey: String? {
        if case .key(let k)? = components.last { return k }
        return nil
    }

    /// The rendered path: `message.data["google.c.fid"]`, `aps.alert.loc-args[0]`.
    public var description: String {
        var out = ""
        for component in components {
            switch component {
            case .index(let i):
                out += "[\(i)]"
            case .key(let k):
                let plain = !k.isEmpty && !k.contains(where: { $0 == "." || $0 == "[" || $0 == "]" || $0 == "\"" || $0 == " " })
                if plain {
                    out += out.isEmpty ? k : "." + k
                } else {
                    out += "[" + JSONWriter.quoted(k) + "]"
                }
            }
        }
        return out
    }
}

extension JSONValue {
    /// The value at `path` (first member for duplicate keys), or nil when some step is missing.
    public func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch component {
            case .key(let k):
                guard let next = current[k] else { return nil }
                current = next
            case .index(let i):
                guard let elements = current.arrayValue, i >= 0, i < elements.count else { return nil }
                current = elements[i]
            }
        }
        return current
    }

    /// The member whose key ends `path` (to point at a key rather than its value), or nil.
    public func member(at path: JSONPath) -> JSONMember? {
        guard case .key(let k)? = path.components.last, let parent = value(at: path.parent) else { return nil }
        return parent.members?.first(where: { $0.key == k })
    }
}
