import Foundation

/// An error of the UserNotifications framework, with Apple's codes (domain-rules §3.4).
public struct UNError: Error, Sendable, Hashable, CustomNSError, LocalizedError {
    /// The error codes, with Apple's raw values.
    public enum Code: Int, Sendable {
        /// Notifications aren't allowed.
        case notificationsNotAllowed = 1
        /// The URL for an attachment was invalid.
        case attachmentInvalidURL = 100
        /// The file type of an attachment isn't supported.
        case attachmentUnrecognizedType = 101
        /// An attachment is too large.
        case attachmentInvalidFileSize = 102
        /// The attachment isn't in the data store.
        case attachmentNotInDataStore = 103
        /// Moving the attachment into the data store failed.
        case attachmentMoveIntoDataStoreFailed = 104
        /// The attachment file is corrupt.
        case attachmentCorrupt = 105
        /// The notification has no date, but should.
        case notificationInvalidNoDate = 1400
        /// The notification has no user-facing content, but should.
        case notificationInvalidNoContent = 1401
        /// The content-providing object is not allowed.
        case contentProvidingObjectNotAllowed = 1500
        /// The content-providing object is invalid.
        case contentProvidingInvalid = 1501
        /// The badge input is invalid.
        case badgeInputInvalid = 1600
    }

    /// The code.
    public let code: Code

    /// Creates an error with `code`.
    public init(_ code: Code) { self.code = code }

    /// `UNErrorDomain`.
    public static var errorDomain: String { "UNErrorDomain" }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// A short description, as iOS words it where known.
    public var errorDescription: String? {
        switch code {
        case .notificationsNotAllowed: "Notifications are not allowed"
        case .attachmentInvalidURL: "Invalid attachment file URL"
        case .attachmentUnrecognizedType: "Unrecognized attachment file type"
        case .attachmentInvalidFileSize: "Invalid attachment file size"
        case .attachmentNotInDataStore: "Attachment not found in data store"
        case .attachmentMoveIntoDataStoreFailed: "Attachment could not be moved into data store"
        case .attachmentCorrupt: "Attachment is corrupt"
        case .notificationInvalidNoDate: "Notification has no date"
        case .notificationInvalidNoContent: "Notification has no user-facing content"
        case .contentProvidingObjectNotAllowed: "Content-providing object not allowed"
        case .contentProvidingInvalid: "Content-providing object is invalid"
        case .badgeInputInvalid: "Badge input is invalid"
        }
    }
    /// The description under `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: errorDescription ?? ""] }

}

/// Matches an error by code, so `catch UNError.attachmentInvalidFileSize` works as on iOS.
public func ~= (code: UNError.Code, error: any Error) -> Bool {
    (error as? UNError)?.code == code
}

extension UNError {
    /// The code `attachmentInvalidURL`, for pattern matching.
    public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
    /// The code `attachmentUnrecognizedType`, for pattern matching.
    public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
    /// The code `attachmentInvalidFileSize`, for pattern matching.
    public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
    /// The code `attachmentNotInDataStore`, for pattern matching.
    public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
    /// The code `attachmentCorrupt`, for pattern matching.
    public static var attachmentCorrupt: Code { .attachmentCorrupt }
    /// The code `notificationInvalidNoContent`, for pattern matching.
    public static var notificationInvalidNoContent: Code { .notificationInvalidNoContent }
    /// The code `contentProvidingInvalid`, for pattern matching.
    public static var contentProvidingInvalid: Code { .contentProvidingInvalid }
}
