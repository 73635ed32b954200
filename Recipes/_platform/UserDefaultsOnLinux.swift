// Not a recipe: how the recipes' `UserDefaults` runs on Linux.
//
// swift-corelibs-foundation keeps a suite in `~/.config/<suite>.plist`: outside the run, shared by
// every simulated device, and by the app and its extension alike whatever their App Groups. So on
// Linux, and only there, this module-wide class takes the place of Foundation's `UserDefaults` for
// the recipes' code, with the same members (the protocol below makes Foundation's own class satisfy
// each of them, so none is Pushbook's invention). It keeps its values in the simulated device's
// defaults databases (`DefaultsDomain`): an App Group the app's entitlements list is one database
// the app and its extension share for the whole sequence of pushes; the standard defaults and any
// other suite are the calling process's own. Nothing is written to disk. On Apple platforms the file
// is not compiled and the recipes use Foundation's class, exactly as the pages show.
#if canImport(FoundationNetworking)
import Foundation
import NotificationSimulator

/// Foundation's `UserDefaults`, on Linux: see the file's comment.
final class UserDefaults: @unchecked Sendable {
    /// The suite's name; nil for the standard defaults.
    private let suiteName: String?

    /// Foundation's `init(suiteName:)`: nil for a name iOS refuses (`NSGlobalDomain`).
    init?(suiteName suitename: String?) {
        guard DefaultsDomain.named(suitename) != nil else { return nil }
        suiteName = suitename
    }

    /// Foundation's standard defaults: the calling process's own.
    static let standard = UserDefaults(suiteName: nil)!

    /// The database of the calling code, found at each call: the app and its extension run in one
    /// process here, and an instance kept in a `static let` is used by both.
    private var domain: DefaultsDomain {
        DefaultsDomain.named(suiteName)!
    }

    /// Foundation's `object(forKey:)`.
    func object(forKey defaultName: String) -> Any? { domain.value(forKey: defaultName) }
    /// Foundation's `set(_:forKey:)` for any property-list value; nil removes the key.
    func set(_ value: Any?, forKey defaultName: String) { domain.set(value, forKey: defaultName) }
    /// Foundation's `set(_:forKey:)` for an integer.
    func set(_ value: Int, forKey defaultName: String) { domain.set(value, forKey: defaultName) }
    /// Foundation's `set(_:forKey:)` for a Boolean.
    func set(_ value: Bool, forKey defaultName: String) { domain.set(value, forKey: defaultName) }
    /// Foundation's `set(_:forKey:)` for a double.
    func set(_ value: Double, forKey defaultName: String) { domain.set(value, forKey: defaultName) }
    /// Foundation's `set(_:forKey:)` for a float.
    func set(_ value: Float, forKey defaultName: String) { domain.set(value, forKey: defaultName) }
    /// Foundation's `removeObject(forKey:)`.
    func removeObject(forKey defaultName: String) { domain.set(nil, forKey: defaultName) }
    /// Foundation's `dictionaryRepresentation()`.
    func dictionaryRepresentation() -> [String: Any] { domain.contents }

    /// Foundation's `string(forKey:)`: a string, or a number's text.
    func string(forKey defaultName: String) -> String? {
        switch object(forKey: defaultName) {
        case let string as String: string
        case let bool as Bool: bool ? "1" : "0"
        case let number as any BinaryInteger: "\(number)"
        case let number as Double: "\(number)"
        default: nil
        }
    }

    /// Foundation's `integer(forKey:)`: 0 when absent; true is 1, 2.67 is 2, "123" is 123.
    func integer(forKey defaultName: String) -> Int {
        switch object(forKey: defaultName) {
        case let bool as Bool: bool ? 1 : 0
        case let number as any BinaryInteger: Int(clamping: number)
        case let number as any BinaryFloatingPoint: Self.integer(Double(number))
        case let string as String: Int(string) ?? Double(string).map(Self.integer) ?? 0
        default: 0
        }
    }

    /// Foundation's `double(forKey:)`: 0 when absent.
    func double(forKey defaultName: String) -> Double {
        switch object(forKey: defaultName) {
        case let bool as Bool: bool ? 1 : 0
        case let number as any BinaryInteger: Double(number)
        case let number as any BinaryFloatingPoint: Double(number)
        case let string as String: Double(string) ?? 0
        default: 0
        }
    }

    /// Foundation's `float(forKey:)`: 0 when absent.
    func float(forKey defaultName: String) -> Float { Float(double(forKey: defaultName)) }

    /// Foundation's `bool(forKey:)`: false when absent; 1, 1.0, "true", "YES" and "1" are true.
    func bool(forKey defaultName: String) -> Bool {
        switch object(forKey: defaultName) {
        case let bool as Bool: bool
        case let number as any BinaryInteger: Int(clamping: number) != 0
        case let number as any BinaryFloatingPoint: Double(number) != 0
        case let string as String: ["true", "yes"].contains(string.lowercased()) || (Int(string).map { $0 != 0 } ?? false)
        default: false
        }
    }

    /// Foundation's `array(forKey:)`.
    func array(forKey defaultName: String) -> [Any]? { object(forKey: defaultName) as? [Any] }
    /// Foundation's `stringArray(forKey:)`: nil unless every element is a string.
    func stringArray(forKey defaultName: String) -> [String]? { object(forKey: defaultName) as? [String] }
    /// Foundation's `dictionary(forKey:)`.
    func dictionary(forKey defaultName: String) -> [String: Any]? { object(forKey: defaultName) as? [String: Any] }
    /// Foundation's `data(forKey:)`.
    func data(forKey defaultName: String) -> Data? { object(forKey: defaultName) as? Data }

    /// The greatest integer not above `value`, within Int's range.
    private static func integer(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(exactly: value.rounded(.down)) ?? (value < 0 ? Int.min : Int.max)
    }
}

/// The members of the class above, as Foundation declares them: Foundation's own `UserDefaults`
/// conforms with no code of its own, so a member that is not Foundation's, or differs from it, does
/// not compile.
private protocol FoundationUserDefaultsMembers {
    func object(forKey defaultName: String) -> Any?
    func set(_ value: Any?, forKey defaultName: String)
    func set(_ value: Int, forKey defaultName: String)
    func set(_ value: Bool, forKey defaultName: String)
    func set(_ value: Double, forKey defaultName: String)
    func set(_ value: Float, forKey defaultName: String)
    func removeObject(forKey defaultName: String)
    func dictionaryRepresentation() -> [String: Any]
    func string(forKey defaultName: String) -> String?
    func integer(forKey defaultName: String) -> Int
    func double(forKey defaultName: String) -> Double
    func float(forKey defaultName: String) -> Float
    func bool(forKey defaultName: String) -> Bool
    func array(forKey defaultName: String) -> [Any]?
    func stringArray(forKey defaultName: String) -> [String]?
    func dictionary(forKey defaultName: String) -> [String: Any]?
    func data(forKey defaultName: String) -> Data?
}

extension Foundation.UserDefaults: FoundationUserDefaultsMembers {}
extension UserDefaults: FoundationUserDefaultsMembers {}

/// Foundation's initializer and standard defaults, with the types above.
private let foundationInitializer: (String?) -> Foundation.UserDefaults? = Foundation.UserDefaults.init(suiteName:)
private let foundationStandard: () -> Foundation.UserDefaults = { Foundation.UserDefaults.standard }
#endif
