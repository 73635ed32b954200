// Apple: https://developer.apple.com/documentation/intents/inpersonhandle/init(value:type:)
import Intents

enum X11 {
    static let handle = INPersonHandle(value: "mina") // expected-error
}
