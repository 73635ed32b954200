/// Where an FCM message goes: exactly one of a registration token, a topic or a condition.
public enum FCMTarget: Sendable, Equatable {
    /// `token`: one device's registration token.
    case token(String)
    /// `topic`: a topic name (without `/topics/`).
    case topic(String)
    /// `condition`: a topic expression such as `'a' in topics && 'b' in topics`.
    case condition(String)
}
