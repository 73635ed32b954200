import NotificationSimulator

/// A recipe's iOS deployment target (front matter `deploymentTarget`): what the page tells the
/// reader to set, and what `pushbook check` holds the code to.
enum DeploymentTarget {
    /// The oldest iOS deployment target Xcode 16 offers, used when a recipe gives none.
    static let oldest = "12.0"

    /// True for an iOS version from `oldest` on, written `15` or `15.0`.
    static func isValid(_ text: String) -> Bool {
        guard let version = AppleDeclarations.Version(text), let floor = AppleDeclarations.Version(oldest) else { return false }
        return version >= floor && version.major < 100 && text.split(separator: ".").count <= 2
    }

    /// The recipe's target as a version; the oldest when it gives none.
    static func version(of recipe: Recipe) -> AppleDeclarations.Version {
        recipe.deploymentTarget.flatMap { AppleDeclarations.Version($0) } ?? AppleDeclarations.Version(oldest)!
    }

    /// The target as the page shows it: `iOS 15.0`.
    static func shown(_ recipe: Recipe) -> String { "iOS \(version(of: recipe))" }
}
