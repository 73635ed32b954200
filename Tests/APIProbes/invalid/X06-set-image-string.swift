// Apple: https://developer.apple.com/documentation/intents/inintent/setimage(_:forparameternamed:)
// In Swift the parameter is a key path (the Objective-C string form is refined away by the overlay).
import Intents

enum X06 {
    static func avatar(_ intent: INSendMessageIntent, _ image: INImage) {
        intent.setImage(image, forParameterNamed: "sender") // expected-error
    }
}
