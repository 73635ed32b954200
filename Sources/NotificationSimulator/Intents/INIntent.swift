import Foundation

/// The base of intents (Apple's `INIntent`): holds images set for named parameters.
open class INIntent: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var parameterImages: [String: INImage] = [:]

    /// Creates an intent.
    public override init() { super.init() }

    /// Sets the image of a parameter by its name, the Objective-C form (`"speakableGroupName"`, `"sender"`).
    open func setImage(_ image: INImage?, forParameterNamed parameterName: String) {
        lock.lock(); defer { lock.unlock() }
        parameterImages[parameterName] = image
    }

    /// The image set for a parameter, if any.
    open func image(forParameterNamed parameterName: String) -> INImage? {
        lock.lock(); defer { lock.unlock() }
        return parameterImages[parameterName]
    }

    /// The parameter name of a key path of this intent, or nil.
    func parameterName(for keyPath: AnyKeyPath) -> String? { nil }
}

/// Intents whose parameters can carry images, named by key path as in Swift on iOS.
public protocol INParameterImageSetting: INIntent {}

extension INParameterImageSetting {
    /// Sets the image of a parameter named by key path, for example `\.speakableGroupName` for a group's avatar.
    public func setImage<Value>(_ image: INImage?, forParameterNamed parameterName: KeyPath<Self, Value>) {
        guard let name = self.parameterName(for: parameterName) else { return }
        setImage(image, forParameterNamed: name)
    }

    /// The image set for a parameter named by key path.
    public func image<Value>(forParameterNamed parameterName: KeyPath<Self, Value>) -> INImage? {
        self.parameterName(for: parameterName).flatMap { self.image(forParameterNamed: $0) }
    }
}
