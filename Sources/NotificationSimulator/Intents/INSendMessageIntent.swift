import Foundation

/// A message being sent or received (Apple's `INSendMessageIntent`): what a communication
/// notification is made from (domain-rules §4.2).
open class INSendMessageIntent: INIntent, INParameterImageSetting, UNNotificationContentProviding, @unchecked Sendable {
    /// The recipients; nil for a one-to-one message. The current user is not listed.
    public let recipients: [INPerson]?
    /// The kind of message.
    public let outgoingMessageType: INOutgoingMessageType
    /// The message text.
    public let content: String?
    /// The group's name, for group conversations.
    public let speakableGroupName: INSpeakableString?
    /// The conversation's stable identifier.
    public let conversationIdentifier: String?
    /// The service's name.
    public let serviceName: String?
    /// The sender; its image becomes the avatar.
    public let sender: INPerson?
    /// The message's attachments.
    public let attachments: [INSendMessageAttachment]?
    /// Metadata for the donation, such as a recipient count.
    open var donationMetadata: INSendMessageIntentDonationMetadata?

    /// The initializer of iOS 14.
    public init(recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
                speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?,
                sender: INPerson?, attachments: [INSendMessageAttachment]?) {
        self.recipients = recipients
        self.outgoingMessageType = outgoingMessageType
        self.content = content
        self.speakableGroupName = speakableGroupName
        self.conversationIdentifier = conversationIdentifier
        self.serviceName = serviceName
        self.sender = sender
        self.attachments = attachments
        super.init()
    }

    /// Maps key paths to parameter names.
    override func parameterName(for keyPath: AnyKeyPath) -> String? {
        switch keyPath {
        case \INSendMessageIntent.speakableGroupName: "speakableGroupName"
        case \INSendMessageIntent.sender: "sender"
        case \INSendMessageIntent.recipients: "recipients"
        case \INSendMessageIntent.content: "content"
        default: nil
        }
    }
}

/// The kind of an outgoing message.
public enum INOutgoingMessageType: Int, Sendable {
    /// Unknown.
    case unknown = 0
    /// Text.
    case outgoingMessageText = 1
    /// Audio.
    case outgoingMessageAudio = 2
}

/// An attachment of a message intent.
open class INSendMessageAttachment: NSObject, @unchecked Sendable {}

/// Donation metadata of a message intent.
open class INSendMessageIntentDonationMetadata: NSObject, @unchecked Sendable {
    /// Overrides the number of recipients shown.
    open var recipientCount: Int = 0
    /// True when the message mentions the current user.
    open var mentionsCurrentUser: Bool = false
    /// True when the message replies to the current user.
    open var isReplyToCurrentUser: Bool = false
    /// True to notify even when the sender is not allowed by Focus.
    open var notifyRecipientAnyway: Bool = false

    /// Creates empty metadata.
    public override init() { super.init() }
}
