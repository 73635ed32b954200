import Foundation

/// A person in a conversation (Apple's `INPerson`); the sender's `image` becomes the notification's avatar.
open class INPerson: NSObject, @unchecked Sendable {
    /// How the person is reached.
    public let personHandle: INPersonHandle?
    /// The name's parts.
    public let nameComponents: PersonNameComponents?
    /// The name shown.
    public let displayName: String
    /// The avatar.
    public let image: INImage?
    /// The Contacts identifier, when known.
    public let contactIdentifier: String?
    /// The app's own identifier for the person.
    public let customIdentifier: String?
    /// True for the current user.
    public let isMe: Bool
    /// How the system suggests the person.
    public let suggestionType: INPersonSuggestionType

    /// The designated initializer of iOS 15.
    public init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                contactIdentifier: String?, customIdentifier: String?, isMe: Bool, suggestionType: INPersonSuggestionType) {
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        self.displayName = displayName ?? nameComponents.map { [$0.givenName, $0.familyName].compactMap { $0 }.joined(separator: " ") } ?? personHandle.value ?? ""
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.isMe = isMe
        self.suggestionType = suggestionType
        super.init()
    }

    /// The shorter initializer of Apple's sample code.
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                            contactIdentifier: String?, customIdentifier: String?) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: false, suggestionType: .none)
    }

    /// The initializer with `isMe`.
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                            contactIdentifier: String?, customIdentifier: String?, isMe: Bool) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: isMe, suggestionType: .none)
    }
}
