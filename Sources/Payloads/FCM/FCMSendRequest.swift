/// The body of an FCM HTTP v1 `messages:send` request: `{"message": Message, "validate_only": bool}`.
public struct FCMSendRequest: Sendable, Equatable {
    /// `message`.
    public var message: FCMMessage
    /// `validate_only`: when true FCM checks the message and sends nothing.
    public var validateOnly: Bool

    /// Reads a send body, or nil when there is no `message` object.
    public init?(json: JSONValue) {
        guard let m = json["message"], m.members != nil else { return nil }
        message = FCMMessage(json: m)
        validateOnly = json.field("validate_only")?.boolValue ?? false
    }
}
