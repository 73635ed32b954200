import Foundation

/// The base of intents (Apple's `INIntent`): donation metadata, and images set for parameters.
@available(iOS 10.0, *)
open class INIntent: NSObject, NSCopying, @unchecked Sendable {
    private let state = Locked(State())

    /// What an intent holds, behind its lock.
    private struct State {
        /// The images set for parameters, by Objective-C name.
        var parameterImages: [String: INImage] = [:]
        /// The donation metadata (a copy of what was set).
        var metadata: INIntentDonationMetadata?
        /// The suggested invocation phrase.
        var phrase: String?
    }

    override init() { super.init() }

    /// The intent's identifier, which the system assigns when it handles the intent; nil here.
    open var identifier: String? { nil }

    /// A description of the intent for the user; nil here.
    open var intentDescription: String? { nil }

    /// The phrase Siri suggests for a shortcut of the intent.
    @available(iOS 12.0, *)
    open var suggestedInvocationPhrase: String? {
        get { state.withLock { $0.phrase } }
        set { state.withLock { $0.phrase = newValue } }
    }

    /// The image that best represents the intent: the sender's for a message, the caller's for a call.
    @available(iOS 12.0, *)
    open func keyImage() -> INImage? { representativeImage }

    /// What `keyImage()` returns: each intent's own choice.
    var representativeImage: INImage? { nil }

    /// Metadata for the donation, such as a message's recipient count; copied when set, as Apple's
    /// `@NSCopying` property is, so changing the object afterwards changes nothing.
    @available(iOS 15.0, *)
    open var donationMetadata: INIntentDonationMetadata? {
        get { state.withLock { $0.metadata } }
        set {
            let copy = newValue.map { ($0.copy() as? INIntentDonationMetadata) ?? $0 }
            state.withLock { $0.metadata = copy }
        }
    }

    /// Intents are copied by reference here (apps do not mutate intents after creating them).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Sets the image of a parameter by its Objective-C name (`"speakableGroupName"`, `"sender"`).
    /// On iOS this is `__setImage(_:forParameterNamed:)`, refined for Swift into the key-path form.
    func __setImage(_ image: INImage?, forParameterNamed parameterName: String) {
        state.withLock { $0.parameterImages[parameterName] = image }
    }

    /// The image set for a parameter by its Objective-C name, if any.
    func __image(forParameterNamed parameterName: String) -> INImage? {
        state.withLock { $0.parameterImages[parameterName] }
    }

    /// The Objective-C name of a key path of this intent (on iOS, the key path's KVC string), or nil.
    func parameterName(for keyPath: AnyKeyPath) -> String? { nil }
}

/// The Swift overlay's protocol that gives every intent the key-path form of `setImage`
/// (swiftlang/swift `stdlib/public/Darwin/Intents/INIntent.swift`).
public protocol _INIntentSetImageKeyPath {}

extension _INIntentSetImageKeyPath {
    /// Sets the image of a parameter named by key path, for example `\.speakableGroupName` for a group's picture.
    @available(iOS 12.0, *)
    public func setImage<Value>(_ image: INImage?, forParameterNamed parameterName: KeyPath<Self, Value>) {
        guard let intent = self as? INIntent, let name = intent.parameterName(for: parameterName) else { return }
        intent.__setImage(image, forParameterNamed: name)
    }

    /// The image set for a parameter named by key path.
    @available(iOS 12.0, *)
    public func image<Value>(forParameterNamed parameterName: KeyPath<Self, Value>) -> INImage? {
        guard let intent = self as? INIntent, let name = intent.parameterName(for: parameterName) else { return nil }
        return intent.__image(forParameterNamed: name)
    }
}

@available(iOS 10.0, *)
extension INIntent: _INIntentSetImageKeyPath {}
