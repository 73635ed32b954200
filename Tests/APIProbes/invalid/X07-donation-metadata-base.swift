// Apple: https://developer.apple.com/documentation/intents/inintent/donationmetadata
// donationMetadata is an INIntentDonationMetadata?: recipientCount is the message subclass's.
import Intents

@available(iOS 15.0, *)
enum X07 {
    static func count(_ intent: INSendMessageIntent) -> Int? {
        intent.donationMetadata?.recipientCount // expected-error
    }
}
