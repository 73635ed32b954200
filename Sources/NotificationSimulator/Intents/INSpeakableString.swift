import Foundation

/// A string with a spoken form (Apple's `INSpeakableString`), used for group names.
@available(iOS 10.0, *)
open class INSpeakableString: NSObject, NSCopying, @unchecked Sendable {
    /// The string as spoken and shown.
    open private(set) var spokenPhrase: String
    /// An identifier for the string.
    open private(set) var vocabularyIdentifier: String?
    /// A hint on how to pronounce it.
    open private(set) var pronunciationHint: String?

    /// Creates a speakable string with an identifier and a hint.
    public init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = vocabularyIdentifier
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    /// Creates a speakable string.
    @available(iOS 10.2, *)
    public init(spokenPhrase: String) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = nil
        self.pronunciationHint = nil
        super.init()
    }

    /// Speakable strings are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
