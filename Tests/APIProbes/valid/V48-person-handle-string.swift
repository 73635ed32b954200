// Apple: https://developer.apple.com/documentation/intents/inperson/init(handle:displayname:contactidentifier:)
// The iOS 10 initializer with the handle as a string, as very old sample code writes it (deprecated in iOS 10).
import Intents

func oldStylePerson() -> INPerson {
    INPerson(handle: "mina@example.com", displayName: "Mina", contactIdentifier: nil)
}
