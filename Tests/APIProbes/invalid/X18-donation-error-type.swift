// Apple: https://developer.apple.com/documentation/intents/ininteraction/donate(completion:)
// The donation's error is an Error; there is no INDonationError type.
import Intents

enum X18 {
    static func isImageFailure(_ error: Error) -> Bool {
        error is INDonationError // expected-error
    }
}
