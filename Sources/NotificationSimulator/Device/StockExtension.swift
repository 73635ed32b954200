import Foundation

/// The extensions the simulator brings along, for a push without a recipe (`simulate --extension`)
/// and for a recipe example that shows what stock code does (`extension=` in its examples list).
public enum StockExtension: String, CaseIterable, Sendable {
    /// Calls the content handler with the content unchanged: the record still says whether iOS ran an extension.
    case passthrough
    /// Firebase's stock helper, called as Firebase's guide has you call it (`FirebaseGuideExtension`).
    case firebase

    /// What it does, for help texts.
    public var summary: String {
        switch self {
        case .passthrough: "calls the content handler with the content unchanged"
        case .firebase: "runs Firebase's helper, Messaging.serviceExtension().populateNotificationContent(_:withContentHandler:), as Firebase's guide calls it"
        }
    }

    /// A new instance, for one push.
    public func make() -> UNNotificationServiceExtension {
        switch self {
        case .passthrough: UNNotificationServiceExtension()
        case .firebase: FirebaseGuideExtension()
        }
    }
}
