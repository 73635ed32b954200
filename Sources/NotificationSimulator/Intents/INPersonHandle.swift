import Foundation

/// How a person is reached: a value and its type (Apple's `INPersonHandle`).
open class INPersonHandle: NSObject, @unchecked Sendable {
    /// The handle, for example an email address or an app-specific id.
    public let value: String?
    /// What kind of handle it is.
    public let type: INPersonHandleType

    /// Creates a handle.
    public init(value: String?, type: INPersonHandleType) {
        self.value = value
        self.type = type
        super.init()
    }
}

/// The kind of a person handle.
public enum INPersonHandleType: Int, Sendable {
    /// An app-specific handle.
    case unknown = 0
    /// An email address.
    case emailAddress = 1
    /// A phone number.
    case phoneNumber = 2
}

/// How the system should treat a handle when it suggests the person.
public enum INPersonSuggestionType: Int, Sendable {
    /// No suggestion; use for exact contact matches.
    case none = 0
    /// A social profile.
    case socialProfile = 1
    /// An instant-message address.
    case instantMessageAddress = 2
}
