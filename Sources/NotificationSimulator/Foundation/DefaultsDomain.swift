import Foundation

/// One defaults database of the simulated device, where the recipes' stand-in for Foundation's
/// `UserDefaults` on Linux keeps its values (see `Recipes/_platform`): Pushbook's own API, not Apple's.
///
/// In a simulation, `named(_:)` finds the database iOS would open for the calling code: an App
/// Group's, shared by the app and its extension for the whole sequence of pushes, or the calling
/// process's own. Outside a simulation every name opens one database of this process, in memory:
/// nothing is ever written to disk, where Foundation on Linux would write `~/.config`.
public final class DefaultsDomain: @unchecked Sendable {
    private let databases: DefaultsDatabases
    private let key: DefaultsDatabases.Key
    /// Outside a simulation: one database for every name, in memory.
    private static let outside = DefaultsDatabases()

    private init(databases: DefaultsDatabases, key: DefaultsDatabases.Key) {
        self.databases = databases
        self.key = key
    }

    /// The database for `suiteName` (nil: the standard defaults), or nil for a name iOS refuses
    /// (`NSGlobalDomain`).
    public static func named(_ suiteName: String?) -> DefaultsDomain? {
        if suiteName == "NSGlobalDomain" { return nil }
        guard let context = SimulationContext.current else {
            return DefaultsDomain(databases: outside, key: .own(.app, suite: suiteName))
        }
        if let suiteName, context.appGroupIdentifiers.contains(suiteName) {
            return DefaultsDomain(databases: context.defaults, key: .appGroup(suiteName))
        }
        return DefaultsDomain(databases: context.defaults, key: .own(context.runningProcess, suite: suiteName))
    }

    /// The value stored for `key`, or nil.
    public func value(forKey key: String) -> Any? {
        databases.value(forKey: key, in: self.key)
    }

    /// Stores a property-list value for `key` (nil removes it). A value that is not a property list
    /// stops the program, as `UserDefaults` raises "Attempt to insert non-property list object" in iOS.
    public func set(_ value: Any?, forKey key: String) {
        if let value, !Self.isPropertyList(value) {
            preconditionFailure("Attempt to insert non-property list object \(type(of: value)) for key \(key)")
        }
        databases.set(value, forKey: key, in: self.key)
    }

    /// Everything the database holds.
    public var contents: [String: Any] {
        databases.contents(of: key)
    }

    /// Whether `value` is a property list: a string, number, Boolean, date or data, or an array or
    /// string-keyed dictionary of property lists.
    static func isPropertyList(_ value: Any) -> Bool {
        switch value {
        case is String, is any BinaryInteger, is any BinaryFloatingPoint, is Bool, is Date, is Data, is NSNumber, is NSString, is NSData, is NSDate:
            return true
        case let array as [Any]:
            return array.allSatisfy(isPropertyList)
        case let dictionary as [String: Any]:
            return dictionary.values.allSatisfy(isPropertyList)
        default:
            return false
        }
    }
}
