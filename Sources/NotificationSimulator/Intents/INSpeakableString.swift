import Foundation

/// A string with a spoken form (Apple's `INSpeakableString`), used for group names.
open class INSpeakableString: NSObject, @unchecked Sendable {
    /// The string as spoken and shown.
    public let spokenPhrase: String
    /// An identifier for the string.
    public let vocabularyIdentifier: String?
    /// A hint on how to pronounce it.
    public let pronunciationHint: String?

    /// Creates a speakable string.
    public init(spokenPhrase: String) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = nil
        self.pronunciationHint = nil
        super.init()
    }

    /// Creates a speakable string with an identifier and a hint.
    public init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = vocabularyIdentifier
        self.pronunciationHint = pronunciationHint
        super.init()
    }
}
