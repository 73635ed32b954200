import Foundation

/// What `updating(from:)` takes from a message or call intent: who sent it, in which conversation, to whom.
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
    /// How many recipients are counted: the metadata's count when set, else the listed recipients
    /// that are not marked `isMe` (rule `ios.recipient-is-me`, a modelling choice).
    var recipients: Int
    /// How many listed recipients are marked `isMe`; Apple says not to list the current user.
    var recipientsMarkedMe: Int

    init(message intent: INSendMessageIntent) {
        let sender = intent.sender
        let senderImage = intent.__image(forParameterNamed: "sender") ?? sender?.image
        senderName = sender?.displayName ?? ""
        senderHandle = sender?.personHandle?.value ?? ""
        senderHasImage = senderImage?.hasData ?? false
        senderImageData = senderImage?.data
        conversationIdentifier = intent.conversationIdentifier
        groupName = intent.speakableGroupName?.spokenPhrase
        let groupImage = intent.__image(forParameterNamed: "speakableGroupName")
        groupHasImage = groupImage?.hasData ?? false
        groupImageData = groupImage?.data
        let listed = intent.recipients ?? []
        recipientsMarkedMe = listed.filter(\.isMe).count
        let metadataCount = (intent.donationMetadata as? INSendMessageIntentDonationMetadata)?.recipientCount ?? 0
        recipients = metadataCount > 0 ? metadataCount : listed.count - recipientsMarkedMe
    }

    /// A call: the caller is the first contact; the others are the rest of a group call.
    init(call intent: INStartCallIntent) {
        let contacts = intent.contacts ?? []
        let caller = contacts.first
        let callerImage = intent.__image(forParameterNamed: "contacts") ?? caller?.image
        senderName = caller?.displayName ?? ""
        senderHandle = caller?.personHandle?.value ?? ""
        senderHasImage = callerImage?.hasData ?? false
        senderImageData = callerImage?.data
        conversationIdentifier = nil
        groupName = nil
        let groupImage = intent.__image(forParameterNamed: "callRecordToCallBack")
        groupHasImage = groupImage?.hasData ?? false
        groupImageData = groupImage?.data
        recipientsMarkedMe = contacts.filter(\.isMe).count
        recipients = max(0, contacts.count - 1 - recipientsMarkedMe)
    }
}
