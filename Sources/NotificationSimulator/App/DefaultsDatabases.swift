import Foundation

/// The defaults databases of one simulated device: what `UserDefaults` keeps for the app and its
/// extension, kept for a whole sequence of pushes (`DeviceSession`), in memory only.
///
/// As on iOS, an App Group the app's entitlements list is one database the app and its extension
/// share (Apple: "To read and write settings for a shared app group, specify the app group
/// identifier"); the standard defaults and every other suite belong to one process, so the app's and
/// the extension's are two. Pushbook's modelling choice, not Apple's word: a suite named after an App
/// Group the entitlements do not list is the calling process's own, as any other name is.
final class DefaultsDatabases: @unchecked Sendable {
    /// Which database: an App Group's, or one process's suite (nil: its standard defaults).
    enum Key: Hashable {
        case appGroup(String)
        case own(AppProcess, suite: String?)
    }

    private let databases = Locked<[Key: [String: Any]]>([:])

    /// The value stored for `key` in `database`, or nil.
    func value(forKey key: String, in database: Key) -> Any? {
        databases.withLock { $0[database]?[key] }
    }

    /// Stores `value` for `key` in `database`; nil removes it.
    func set(_ value: Any?, forKey key: String, in database: Key) {
        databases.withLock { $0[database, default: [:]][key] = value }
    }

    /// Everything `database` holds.
    func contents(of database: Key) -> [String: Any] {
        databases.withLock { $0[database] ?? [:] }
    }
}

/// Which of the app's processes runs the code: the app or its Notification Service Extension.
enum AppProcess: Hashable, Sendable {
    case app
    case serviceExtension
}
