/// `apns-push-type` header values (domain-rules §1.5).
public enum APNsPushType: String, Sendable, CaseIterable {
    /// A notification that shows an alert, plays a sound or badges the icon.
    case alert
    /// A background (silent) notification: `content-available: 1` only, priority 5.
    case background
    /// A watchOS complication update.
    case complication
    /// A controls update.
    case controls
    /// A File Provider update.
    case fileprovider
    /// A Live Activity update.
    case liveactivity
    /// A location query.
    case location
    /// A mobile device management push.
    case mdm
    /// A Push to Talk push.
    case pushtotalk
    /// A VoIP push (payload limit 5120 bytes).
    case voip
    /// A widgets update.
    case widgets
}
