import Foundation

/// How a person is related to the user of the device (Apple's `INPersonRelationship`). Apple does not
/// document the constants' strings: the model's are placeholders, compared only with each other.
@available(iOS 10.2, *)
public struct INPersonRelationship: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    /// The relationship's string.
    public var rawValue: String
    /// Creates a relationship.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a relationship.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The user's father.
    public static let father = INPersonRelationship("father")
    /// The user's mother.
    public static let mother = INPersonRelationship("mother")
    /// A parent of the user.
    public static let parent = INPersonRelationship("parent")
    /// The user's brother.
    public static let brother = INPersonRelationship("brother")
    /// The user's sister.
    public static let sister = INPersonRelationship("sister")
    /// A child of the user.
    public static let child = INPersonRelationship("child")
    /// A friend of the user.
    public static let friend = INPersonRelationship("friend")
    /// The user's spouse.
    public static let spouse = INPersonRelationship("spouse")
    /// The user's partner.
    public static let partner = INPersonRelationship("partner")
    /// The user's assistant.
    public static let assistant = INPersonRelationship("assistant")
    /// The user's manager.
    public static let manager = INPersonRelationship("manager")
    /// The user's son.
    @available(iOS 13.0, *)
    public static let son = INPersonRelationship("son")
    /// The user's daughter.
    @available(iOS 13.0, *)
    public static let daughter = INPersonRelationship("daughter")
}
