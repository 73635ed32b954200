// Apple: https://developer.apple.com/documentation/intents/inperson/init(personhandle:namecomponents:displayname:image:contactidentifier:customidentifier:)
import Intents

enum V42 {
    static func person() -> INPerson {
        var name = PersonNameComponents()
        name.givenName = "Mina"
        name.nickname = "Mi"
        return INPerson(personHandle: INPersonHandle(value: "mina", type: .unknown), nameComponents: name, displayName: nil,
                        image: nil, contactIdentifier: nil, customIdentifier: nil)
    }
}
