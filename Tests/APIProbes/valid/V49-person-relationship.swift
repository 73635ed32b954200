// Apple: https://developer.apple.com/documentation/intents/inperson/init(personhandle:namecomponents:displayname:image:contactidentifier:customidentifier:relationship:)
// A sender with the relationship Siri can speak of ("your sister"), iOS 14.
import Intents

@available(iOS 14.0, *)
func sister() -> INPerson {
    let person = INPerson(personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress), nameComponents: nil,
                          displayName: "Ana", image: nil, contactIdentifier: nil, customIdentifier: "ana", relationship: .sister)
    precondition(person.relationship == .sister && person.relationship != INPersonRelationship("cousin"))
    return person
}
