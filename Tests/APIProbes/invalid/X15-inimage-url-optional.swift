// Apple: https://developer.apple.com/documentation/intents/inimage/init(url:)-5po10
// INImage(url:) is failable.
import Intents

enum X15 {
    static func image(_ url: URL) -> INImage {
        let image: INImage = INImage(url: url) // expected-error
        return image
    }
}
