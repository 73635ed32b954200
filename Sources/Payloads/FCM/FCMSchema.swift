/// The fields of an FCM v1 send body that matter here, with their JSON types (domain-rules §5.1).
///
/// proto3 JSON also accepts the lowerCamelCase spelling of every field (`fcmOptions`), so both count.
public enum FCMSchema {
    /// One object of the send body and its known fields.
    public struct Container: Sendable {
        /// The object's path, in snake_case spelling (`message.apns.fcm_options`).
        public var path: JSONPath
        /// The known fields and their types.
        public var fields: [(name: String, type: JSONType)]
    }

    /// The objects whose fields are known.
    public static let containers: [Container] = [
        Container(path: .root, fields: [("message", .object), ("validate_only", .boolean)]),
        Container(path: "message", fields: [
            ("name", .string), ("token", .string), ("topic", .string), ("condition", .string),
            ("notification", .object), ("data", .object), ("apns", .object), ("android", .object),
            ("webpush", .object), ("fcm_options", .object),
        ]),
        Container(path: "message.notification", fields: [("title", .string), ("body", .string), ("image", .string)]),
        Container(path: "message.apns", fields: [
            ("headers", .object), ("payload", .object), ("fcm_options", .object), ("live_activity_token", .string),
        ]),
        Container(path: "message.apns.fcm_options", fields: [("analytics_label", .string), ("image", .string)]),
        Container(path: "message.fcm_options", fields: [("analytics_label", .string)]),
    ]

    /// Follows `path` (snake_case) through `document`, accepting camelCase spellings; returns the value
    /// and the path as actually written.
    public static func resolve(_ path: JSONPath, in document: JSONValue) -> (value: JSONValue, path: JSONPath)? {
        var current = document
        var written = JSONPath.root
        for component in path.components {
            guard case .key(let snake) = component else { return nil }
            if let v = current[snake] {
                current = v
                written = written.appending(snake)
            } else if let v = current[FieldName.camel(snake)] {
                current = v
                written = written.appending(FieldName.camel(snake))
            } else {
                return nil
            }
        }
        return (current, written)
    }

    /// Every member of the known objects written in `document`, object by object in the order of
    /// `containers`: the object's entry, the member, the object's path as written, and the field the
    /// member's name is (in either spelling), or nil for a name the API does not define.
    static func members(of document: JSONValue) -> [(container: Container, member: JSONMember, written: JSONPath, field: (name: String, type: JSONType)?)] {
        containers.flatMap { container -> [(container: Container, member: JSONMember, written: JSONPath, field: (name: String, type: JSONType)?)] in
            guard let (object, written) = resolve(container.path, in: document), let members = object.members else { return [] }
            return members.map { member in
                (container, member, written, container.fields.first { $0.name == member.key || FieldName.camel($0.name) == member.key })
            }
        }
    }
}
