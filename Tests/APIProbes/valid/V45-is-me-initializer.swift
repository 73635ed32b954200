// Apple: https://developer.apple.com/documentation/intents/inperson/init(personhandle:namecomponents:displayname:image:contactidentifier:customidentifier:iscontactsuggestion:suggestiontype:)
import Intents

@available(iOS 15.0, *)
enum V45 {
    static let suggested = INPerson(personHandle: INPersonHandle(value: "jun", type: .unknown), nameComponents: nil, displayName: "Jun", image: nil,
                                    contactIdentifier: nil, customIdentifier: "jun", isContactSuggestion: true, suggestionType: .instantMessageAddress)
    static let me = INPerson(personHandle: INPersonHandle(value: "me", type: .unknown), nameComponents: nil, displayName: nil, image: nil,
                             contactIdentifier: nil, customIdentifier: nil, isMe: true)
}
