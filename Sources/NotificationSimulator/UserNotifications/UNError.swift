import Foundation

/// The domain of the UserNotifications framework's errors.
@available(iOS 10.0, *)
public let UNErrorDomain: String = "UNErrorDomain"

/// An error of the UserNotifications framework (Apple's `UNError`), with Apple's codes (domain-rules §3.4).
///
/// Shaped as Swift imports an `NS_ERROR_ENUM` on iOS: a struct over an `NSError` with a nested `Code`,
/// `init(_:userInfo:)` and `code` from Foundation, and a static property per code, so that
/// `catch UNError.attachmentInvalidFileSize` and `UNError(.notificationsNotAllowed)` work as on iOS.
@available(iOS 10.0, *)
public struct UNError: _BridgedStoredNSError {
    /// The underlying error.
    public let _nsError: NSError

    /// Wraps an error of `UNErrorDomain`.
    public init(_nsError error: NSError) {
        precondition(error.domain == UNErrorDomain, "not a UNErrorDomain error")
        self._nsError = error
    }

    /// `UNErrorDomain`.
    public static var errorDomain: String { UNErrorDomain }
    /// `UNErrorDomain`, for Foundation's bridging.
    public static var _nsErrorDomain: String { UNErrorDomain }

    /// The error codes, with Apple's raw values.
    public enum Code: Int, _ErrorCodeProtocol, @unchecked Sendable {
        /// The type of error this code belongs to.
        public typealias _ErrorType = UNError
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
        @available(iOS 15.0, *)
        case contentProvidingObjectNotAllowed = 1500
        /// The content-providing object is invalid.
        @available(iOS 15.0, *)
        case contentProvidingInvalid = 1501
        /// The badge input is invalid.
        @available(iOS 16.0, *)
        case badgeInputInvalid = 1600
    }

    /// Notifications aren't allowed.
    public static var notificationsNotAllowed: UNError.Code { .notificationsNotAllowed }
    /// The URL for an attachment was invalid.
    public static var attachmentInvalidURL: UNError.Code { .attachmentInvalidURL }
    /// The file type of an attachment isn't supported.
    public static var attachmentUnrecognizedType: UNError.Code { .attachmentUnrecognizedType }
    /// An attachment is too large.
    public static var attachmentInvalidFileSize: UNError.Code { .attachmentInvalidFileSize }
    /// The attachment isn't in the data store.
    public static var attachmentNotInDataStore: UNError.Code { .attachmentNotInDataStore }
    /// Moving the attachment into the data store failed.
    public static var attachmentMoveIntoDataStoreFailed: UNError.Code { .attachmentMoveIntoDataStoreFailed }
    /// The attachment file is corrupt.
    public static var attachmentCorrupt: UNError.Code { .attachmentCorrupt }
    /// The notification has no date, but should.
    public static var notificationInvalidNoDate: UNError.Code { .notificationInvalidNoDate }
    /// The notification has no user-facing content, but should.
    public static var notificationInvalidNoContent: UNError.Code { .notificationInvalidNoContent }
    /// The content-providing object is not allowed.
    @available(iOS 15.0, *)
    public static var contentProvidingObjectNotAllowed: UNError.Code { .contentProvidingObjectNotAllowed }
    /// The content-providing object is invalid.
    @available(iOS 15.0, *)
    public static var contentProvidingInvalid: UNError.Code { .contentProvidingInvalid }
    /// The badge input is invalid.
    @available(iOS 16.0, *)
    public static var badgeInputInvalid: UNError.Code { .badgeInputInvalid }
}

extension UNError {
    /// The error the simulated system reports for `code`, with a description under
    /// `NSLocalizedDescriptionKey` as iOS words it where known.
    static func simulated(_ code: Code) -> UNError {
        UNError(code, userInfo: [NSLocalizedDescriptionKey: code.simulatorDescription])
    }
}

extension UNError.Code {
    /// A short description, as iOS words it where known.
    var simulatorDescription: String {
        switch self {
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
}
