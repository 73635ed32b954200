/// What iOS shows at the leading edge of a notification.
public enum NotificationIcon: String, Sendable, Equatable, Codable {
    /// The app's icon.
    case app
    /// A communication notification from one person: their avatar, with the app icon badged in the corner.
    case senderAvatar = "sender-avatar"
    /// A communication notification in a group conversation: the group's avatar, with the app icon badged.
    case groupAvatar = "group-avatar"
}
