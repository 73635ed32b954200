// Apple: https://developer.apple.com/documentation/intents/inperson
// INPerson lives in Intents: Xcode's extension template imports only UserNotifications.
import UserNotifications

enum X21 {
    static let handle = INPersonHandle(value: "mina", type: .unknown) // expected-error
}
