/// FCM v1 `message.notification`: the cross-platform title, body and image.
public struct FCMNotification: Sendable, Equatable {
    /// `title`.
    public var title: String?
    /// `body`.
    public var body: String?
    /// `image`: a URL the device downloads.
    public var image: String?

    /// Creates a notification part.
    public init(title: String? = nil, body: String? = nil, image: String? = nil) {
        self.title = title
        self.body = body
        self.image = image
    }

    /// Reads the object; fields of the wrong type are nil.
    public init(json: JSONValue) {
        self.init(title: json["title"]?.stringValue, body: json["body"]?.stringValue, image: json["image"]?.stringValue)
    }
}
