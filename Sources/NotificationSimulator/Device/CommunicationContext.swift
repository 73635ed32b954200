import Foundation

/// What `updating(from:)` takes from a message intent: who sent it, in which conversation, to whom.
struct CommunicationContext: @unchecked Sendable {
    /// The sender's name.
    var senderName: String
    /// The sender's handle value.
    var senderHandle: String
    /// True when the sender's image carries data (an avatar can be shown).
    var senderHasImage: Bool
    /// The avatar's bytes, for previews.
    var senderImageData: Data?
    /// The conversation's identifier.
    var conversationIdentifier: String?
    /// The group's name, for group conversations.
    var groupName: String?
    /// True when the group has its own image.
    var groupHasImage: Bool
    /// The group image's bytes, for previews.
    var groupImageData: Data?
    /// How many recipients are listed (the current user not included).
    var recipients: Int

    init(intent: INSendMessageIntent) {
        let sender = intent.sender
        let senderImage = intent.image(forParameterNamed: "sender") ?? sender?.image
        senderName = sender?.displayName ?? ""
        senderHandle = sender?.personHandle?.value ?? ""
        senderHasImage = senderImage?.hasData ?? false
        senderImageData = senderImage?.data
        conversationIdentifier = intent.conversationIdentifier
        groupName = intent.speakableGroupName?.spokenPhrase
        let groupImage = intent.image(forParameterNamed: "speakableGroupName")
        groupHasImage = groupImage?.hasData ?? false
        groupImageData = groupImage?.data
        let metadataCount = intent.donationMetadata?.recipientCount ?? 0
        recipients = metadataCount > 0 ? metadataCount : (intent.recipients?.filter { !$0.isMe }.count ?? 0)
    }
}
