import Foundation

/// A message being sent or received (Apple's `INSendMessageIntent`): what a communication
/// notification is made from (domain-rules §4.2).
@available(iOS 10.0, *)
open class INSendMessageIntent: INIntent, @unchecked Sendable {
    /// The recipients; nil for a one-to-one message. The current user is not listed.
    open private(set) var recipients: [INPerson]?
    /// The kind of message.
    @available(iOS 13.0, *)
    open private(set) var outgoingMessageType: INOutgoingMessageType
    /// The message text.
    open private(set) var content: String?
    /// The group's name, for group conversations.
    @available(iOS 11.0, *)
    open private(set) var speakableGroupName: INSpeakableString?
    /// The conversation's stable identifier.
    @available(iOS 11.0, *)
    open private(set) var conversationIdentifier: String?
    /// The service's name.
    open private(set) var serviceName: String?
    /// The sender; its image becomes the avatar.
    open private(set) var sender: INPerson?
    /// The message's attachments.
    @available(iOS 14.0, *)
    open private(set) var attachments: [INSendMessageAttachment]?

    /// The initializer of iOS 14.
    @available(iOS 14.0, *)
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

    /// The initializer of iOS 14.0 without attachments, deprecated in the same release.
    @available(iOS, introduced: 14.0, deprecated: 14.0)
    public convenience init(recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
                            speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?,
                            sender: INPerson?) {
        self.init(recipients: recipients, outgoingMessageType: outgoingMessageType, content: content, speakableGroupName: speakableGroupName,
                  conversationIdentifier: conversationIdentifier, serviceName: serviceName, sender: sender, attachments: nil)
    }

    /// The initializer of iOS 11 (a text message), deprecated in iOS 14.
    @available(iOS, introduced: 11.0, deprecated: 14.0)
    public convenience init(recipients: [INPerson]?, content: String?, speakableGroupName: INSpeakableString?,
                            conversationIdentifier: String?, serviceName: String?, sender: INPerson?) {
        self.init(recipients: recipients, outgoingMessageType: .outgoingMessageText, content: content, speakableGroupName: speakableGroupName,
                  conversationIdentifier: conversationIdentifier, serviceName: serviceName, sender: sender, attachments: nil)
    }

    /// The initializer of iOS 10 (a text message; the group's name as plain text), deprecated in iOS 11.
    @available(iOS, introduced: 10.0, deprecated: 11.0)
    public convenience init(recipients: [INPerson]?, content: String?, groupName: String?, serviceName: String?, sender: INPerson?) {
        self.init(recipients: recipients, outgoingMessageType: .outgoingMessageText, content: content,
                  speakableGroupName: groupName.map { INSpeakableString(spokenPhrase: $0) }, conversationIdentifier: nil,
                  serviceName: serviceName, sender: sender, attachments: nil)
    }

    /// The sender's image (set for the parameter, else the person's), for `keyImage()`.
    override var representativeImage: INImage? {
        __image(forParameterNamed: "sender") ?? sender?.image
    }

    /// Maps key paths to the parameters' Objective-C names.
    override func parameterName(for keyPath: AnyKeyPath) -> String? {
        switch keyPath {
        case \INSendMessageIntent.speakableGroupName: "speakableGroupName"
        case \INSendMessageIntent.sender: "sender"
        case \INSendMessageIntent.recipients: "recipients"
        case \INSendMessageIntent.content: "content"
        case \INSendMessageIntent.conversationIdentifier: "conversationIdentifier"
        case \INSendMessageIntent.serviceName: "serviceName"
        case \INSendMessageIntent.attachments: "attachments"
        case \INSendMessageIntent.outgoingMessageType: "outgoingMessageType"
        default: nil
        }
    }
}

@available(iOS 15.0, *)
extension INSendMessageIntent: UNNotificationContentProviding {}

/// The kind of an outgoing message.
@available(iOS 13.0, *)
public enum INOutgoingMessageType: Int, @unchecked Sendable {
    /// Unknown.
    case unknown = 0
    /// Text.
    case outgoingMessageText = 1
    /// Audio.
    case outgoingMessageAudio = 2
}

/// An attachment of a message intent (Apple's `INSendMessageAttachment`); its factory, which takes an
/// `INFile`, is not modelled.
@available(iOS 14.0, *)
open class INSendMessageAttachment: NSObject, @unchecked Sendable {
    override init() { super.init() }
}
