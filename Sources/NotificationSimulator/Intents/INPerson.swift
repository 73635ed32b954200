import Foundation

/// A person in a conversation (Apple's `INPerson`); the sender's `image` becomes the notification's avatar.
@available(iOS 10.0, *)
open class INPerson: NSObject, NSCopying, @unchecked Sendable {
    /// How the person is reached.
    @NSCopying open private(set) var personHandle: INPersonHandle?
    /// The name's parts.
    open private(set) var nameComponents: PersonNameComponents?
    /// The name shown.
    open private(set) var displayName: String
    /// The avatar.
    @NSCopying open private(set) var image: INImage?
    /// The Contacts identifier, when known.
    open private(set) var contactIdentifier: String?
    /// The app's own identifier for the person.
    open private(set) var customIdentifier: String?
    /// True for the current user.
    @available(iOS 11.0, *)
    open private(set) var isMe: Bool
    /// True when the system should suggest the person as a contact.
    @available(iOS 15.0, *)
    open private(set) var isContactSuggestion: Bool
    /// How the system suggests the person.
    open private(set) var suggestionType: INPersonSuggestionType
    /// Other handles of the person.
    open private(set) var aliases: [INPersonHandle]?
    /// How the person is related to the user of the device.
    @available(iOS 10.2, *)
    open private(set) var relationship: INPersonRelationship?

    init(handle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
         contactIdentifier: String?, customIdentifier: String?, isMe: Bool, isContactSuggestion: Bool, suggestionType: INPersonSuggestionType) {
        self.personHandle = handle
        self.nameComponents = nameComponents
        let fromComponents = nameComponents.map { [$0.givenName, $0.familyName].compactMap { $0 }.joined(separator: " ") }
        self.displayName = displayName ?? fromComponents ?? handle.value ?? ""
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.isMe = isMe
        self.isContactSuggestion = isContactSuggestion
        self.suggestionType = suggestionType
        super.init()
    }

    /// The first initializer of iOS 10, with the handle as text (deprecated in the same release).
    @available(iOS, introduced: 10.0, deprecated: 10.0)
    public convenience init(handle: String, displayName: String?, contactIdentifier: String?) {
        self.init(handle: INPersonHandle(value: handle, type: .unknown), nameComponents: nil, displayName: displayName, image: nil,
                  contactIdentifier: contactIdentifier, customIdentifier: nil, isMe: false, isContactSuggestion: false, suggestionType: .none)
    }

    /// The first initializer of iOS 10 with name components (deprecated in the same release).
    @available(iOS, introduced: 10.0, deprecated: 10.0)
    public convenience init(handle: String, nameComponents: PersonNameComponents, contactIdentifier: String?) {
        self.init(handle: INPersonHandle(value: handle, type: .unknown), nameComponents: nameComponents, displayName: nil, image: nil,
                  contactIdentifier: contactIdentifier, customIdentifier: nil, isMe: false, isContactSuggestion: false, suggestionType: .none)
    }

    /// The first initializer of iOS 10 with an image (deprecated in the same release).
    @available(iOS, introduced: 10.0, deprecated: 10.0)
    public convenience init(handle: String, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?, contactIdentifier: String?) {
        self.init(handle: INPersonHandle(value: handle, type: .unknown), nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: contactIdentifier, customIdentifier: nil, isMe: false, isContactSuggestion: false, suggestionType: .none)
    }

    /// The initializer of Apple's sample code.
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                            contactIdentifier: String?, customIdentifier: String?) {
        self.init(handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier,
                  customIdentifier: customIdentifier, isMe: false, isContactSuggestion: false, suggestionType: .none)
    }

    /// The initializer with `isMe`.
    @available(iOS 11.0, *)
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                            contactIdentifier: String?, customIdentifier: String?, isMe: Bool) {
        self.init(handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier,
                  customIdentifier: customIdentifier, isMe: isMe, isContactSuggestion: false, suggestionType: .none)
    }

    /// The initializer for messaging intents, with `isMe` and a suggestion type.
    @available(iOS 15.0, *)
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                            contactIdentifier: String?, customIdentifier: String?, isMe: Bool, suggestionType: INPersonSuggestionType) {
        self.init(handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier,
                  customIdentifier: customIdentifier, isMe: isMe, isContactSuggestion: false, suggestionType: suggestionType)
    }

    /// The initializer for people Siri may suggest as contacts.
    @available(iOS 15.0, *)
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                            contactIdentifier: String?, customIdentifier: String?, isContactSuggestion: Bool, suggestionType: INPersonSuggestionType) {
        self.init(handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier,
                  customIdentifier: customIdentifier, isMe: false, isContactSuggestion: isContactSuggestion, suggestionType: suggestionType)
    }

    /// The initializer with other handles of the person and a suggestion type.
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                            contactIdentifier: String?, customIdentifier: String?, aliases: [INPersonHandle]?, suggestionType: INPersonSuggestionType) {
        self.init(handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier,
                  customIdentifier: customIdentifier, isMe: false, isContactSuggestion: false, suggestionType: suggestionType)
        self.aliases = aliases
    }

    /// The initializer with the person's relationship to the user.
    @available(iOS 14.0, *)
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
                            contactIdentifier: String?, customIdentifier: String?, relationship: INPersonRelationship?) {
        self.init(handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier,
                  customIdentifier: customIdentifier, isMe: false, isContactSuggestion: false, suggestionType: .none)
        self.relationship = relationship
    }

    /// People are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
