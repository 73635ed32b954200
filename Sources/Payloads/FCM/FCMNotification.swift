/// FCM v1 `message.notification`: the cross-platform title, body and image.
///
/// Beside the typed fields it keeps what the APNs translation copies as written, with where it was
/// written (`text`, `imageMember`, the locations), so the message is read once. Equality ignores
/// where things were written, as `JSONValue`'s does.
public struct FCMNotification: Sendable, Equatable {
    /// `title`.
    public var title: String?
    /// `body`.
    public var body: String?
    /// `image`: a URL the device downloads.
    public var image: String?
    /// `title` and `body` as written, in that order: the members the APNs alert gets. Of a repeated
    /// key this is the first one whose value is a string (`title` and `body` read the first of any type).
    public var text: [JSONMember]
    /// `image` as written, whatever its type: the member the APNs payload's `fcm_options` gets.
    public var imageMember: JSONMember?
    /// Where the `notification` key was written (`.none` for one made in code).
    public var keyLocation: SourceLocation
    /// Where the `notification` object starts (`.none` for one made in code).
    public var location: SourceLocation

    /// Creates a notification part; its text and image members are synthesized from the strings.
    public init(title: String? = nil, body: String? = nil, image: String? = nil) {
        self.title = title
        self.body = body
        self.image = image
        text = [("title", title), ("body", body)].compactMap { key, value in value.map { JSONMember(key: key, value: .string($0)) } }
        imageMember = image.map { JSONMember(key: "image", value: .string($0)) }
        keyLocation = .none
        location = .none
    }

    /// Reads the object (written at `keyLocation`, its key); fields of the wrong type are nil.
    public init(json: JSONValue, keyLocation: SourceLocation = .none) {
        title = json["title"]?.stringValue
        body = json["body"]?.stringValue
        image = json["image"]?.stringValue
        let members = json.members ?? []
        text = ["title", "body"].compactMap { key in members.first { $0.key == key && $0.value.stringValue != nil } }
        imageMember = members.first { $0.key == "image" }
        self.keyLocation = keyLocation
        location = json.location
    }

    /// Compares the fields and members, ignoring where they were written.
    public static func == (lhs: FCMNotification, rhs: FCMNotification) -> Bool {
        lhs.title == rhs.title && lhs.body == rhs.body && lhs.image == rhs.image
            && lhs.text == rhs.text && lhs.imageMember == rhs.imageMember
    }
}
