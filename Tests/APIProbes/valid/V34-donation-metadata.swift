// Apple: https://developer.apple.com/documentation/intents/insendmessageintentdonationmetadata
import Intents

@available(iOS 15.0, *)
enum V34 {
    static func mention(_ intent: INSendMessageIntent) {
        let metadata = INSendMessageIntentDonationMetadata()
        metadata.recipientCount = 5
        metadata.mentionsCurrentUser = true
        metadata.isReplyToCurrentUser = false
        metadata.notifyRecipientAnyway = false
        intent.donationMetadata = metadata
        if let stored = intent.donationMetadata as? INSendMessageIntentDonationMetadata {
            print(stored.recipientCount)
        }
    }
}
