/// How the user answers the notification shown last (`pushbook simulate --tap`, `--action ID`, `--reply TEXT`).
public enum UserAnswer: Sendable, Equatable {
    /// A tap on the notification itself: the default action, which opens the app.
    case tap
    /// A tap on the action button with this identifier.
    case action(String)
    /// Text typed into a text input action: the one named, or the category's only one.
    case reply(String, action: String?)
}
