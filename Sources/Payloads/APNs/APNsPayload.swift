/// An APNs payload: the `aps` dictionary plus custom keys, which iOS delivers as `userInfo`.
public struct APNsPayload: Sendable, Equatable {
    /// The `aps` dictionary, nil when missing or not a dictionary.
    public var aps: APS?
    /// The top-level members other than `aps` (custom keys), in order.
    public var customMembers: [JSONMember]
    /// The payload as read, with locations.
    public var json: JSONValue

    /// Reads a payload from JSON (a non-object gives an empty payload with no `aps`).
    public init(json: JSONValue) {
        self.json = json
        let members = json.members ?? []
        aps = members.first(where: { $0.key == "aps" })?.value.members.map(APS.init(members:))
        customMembers = members.filter { $0.key != "aps" }
    }

    /// The custom key `key`'s value, if present.
    public subscript(custom key: String) -> JSONValue? {
        customMembers.first(where: { $0.key == key })?.value
    }
}
