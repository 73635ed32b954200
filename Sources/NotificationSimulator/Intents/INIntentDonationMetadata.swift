import Foundation

/// The base of donation metadata (Apple's `INIntentDonationMetadata`); apps use a subclass such as
/// `INSendMessageIntentDonationMetadata`.
@available(iOS 15.0, *)
open class INIntentDonationMetadata: NSObject, NSCopying, @unchecked Sendable {
    override init() { super.init() }

    /// A copy of the same class with the same values.
    open func copy(with zone: NSZone? = nil) -> Any { INIntentDonationMetadata() }
}

/// Donation metadata of a message intent (Apple's `INSendMessageIntentDonationMetadata`).
@available(iOS 15.0, *)
open class INSendMessageIntentDonationMetadata: INIntentDonationMetadata, @unchecked Sendable {
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

    /// A copy with the same values.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = INSendMessageIntentDonationMetadata()
        copy.recipientCount = recipientCount
        copy.mentionsCurrentUser = mentionsCurrentUser
        copy.isReplyToCurrentUser = isReplyToCurrentUser
        copy.notifyRecipientAnyway = notifyRecipientAnyway
        return copy
    }
}
