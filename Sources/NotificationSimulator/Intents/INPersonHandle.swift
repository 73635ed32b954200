import Foundation

/// How a person is reached: a value and its type (Apple's `INPersonHandle`).
@available(iOS 10.0, *)
open class INPersonHandle: NSObject, NSCopying, @unchecked Sendable {
    /// The handle, for example an email address or an app-specific id.
    open private(set) var value: String?
    /// What kind of handle it is.
    open private(set) var type: INPersonHandleType
    /// What the handle is to the person (home, work, …).
    @available(iOS 10.2, *)
    open private(set) var label: INPersonHandleLabel?

    /// Creates a handle with a label.
    @available(iOS 10.2, *)
    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?) {
        self.value = value
        self.type = type
        self.label = label
        super.init()
    }

    /// Creates a handle.
    public convenience init(value: String?, type: INPersonHandleType) {
        self.init(value: value, type: type, label: nil)
    }

    /// Handles are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// What a handle is to the person (Apple's `INPersonHandleLabel`).
@available(iOS 10.2, *)
public struct INPersonHandleLabel: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    /// The label's string.
    public var rawValue: String
    /// Creates a label.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a label.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Home.
    public static let home = INPersonHandleLabel("_$!<Home>!$_")
    /// Work.
    public static let work = INPersonHandleLabel("_$!<Work>!$_")
    /// iPhone.
    public static let iPhone = INPersonHandleLabel("iPhone")
    /// Mobile.
    public static let mobile = INPersonHandleLabel("_$!<Mobile>!$_")
    /// Main.
    public static let main = INPersonHandleLabel("_$!<Main>!$_")
    /// Home fax.
    public static let homeFax = INPersonHandleLabel("_$!<HomeFAX>!$_")
    /// Work fax.
    public static let workFax = INPersonHandleLabel("_$!<WorkFAX>!$_")
    /// Pager.
    public static let pager = INPersonHandleLabel("_$!<Pager>!$_")
    /// Other.
    public static let other = INPersonHandleLabel("_$!<Other>!$_")
    /// School.
    @available(iOS 14.0, *)
    public static let school = INPersonHandleLabel("_$!<School>!$_")
}

/// The kind of a person handle.
@available(iOS 10.0, *)
public enum INPersonHandleType: Int, @unchecked Sendable {
    /// An app-specific handle.
    case unknown = 0
    /// An email address.
    case emailAddress = 1
    /// A phone number.
    case phoneNumber = 2
}

/// How the system should treat a handle when it suggests the person.
@available(iOS 10.0, *)
public enum INPersonSuggestionType: Int, @unchecked Sendable {
    /// No suggestion; use for exact contact matches.
    case none = 0
    /// A social profile.
    case socialProfile = 1
    /// An instant-message address.
    case instantMessageAddress = 2
}
