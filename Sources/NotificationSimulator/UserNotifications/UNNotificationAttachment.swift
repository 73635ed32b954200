import Foundation

/// Option key: a UTI string that tells iOS the attachment's type instead of its file extension.
@available(iOS 10.0, *)
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"
/// Option key: a Boolean; true hides the attachment's thumbnail.
@available(iOS 10.0, *)
public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String = "UNNotificationAttachmentOptionsThumbnailHiddenKey"
/// Option key: a normalized rectangle (dictionary) that clips the thumbnail.
@available(iOS 10.0, *)
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey: String = "UNNotificationAttachmentOptionsThumbnailClippingRectKey"
/// Option key: the frame (animated image) or time (movie) used for the thumbnail.
@available(iOS 10.0, *)
public let UNNotificationAttachmentOptionsThumbnailTimeKey: String = "UNNotificationAttachmentOptionsThumbnailTimeKey"

/// A media file shown with a notification (Apple's `UNNotificationAttachment`).
///
/// The initializer checks what iOS checks (domain-rules §3): a readable file URL, a supported type
/// taken from the type hint or else the file extension (iOS does not sniff content), and the size
/// limit of the type's category. The file is moved into the system's store when a local request is
/// added, or when the extension hands the content back for a push.
@available(iOS 10.0, *)
open class UNNotificationAttachment: NSObject, NSCopying, @unchecked Sendable {
    /// The identifier; iOS generates a unique one when it is given empty.
    open private(set) var identifier: String
    /// The file's URL.
    open private(set) var url: URL
    /// The uniform type identifier, for example `public.png`.
    open private(set) var type: String
    /// The file's size in bytes when it was checked.
    let byteCount: Int
    /// True when the options hide the thumbnail.
    let thumbnailHidden: Bool
    /// The file's bytes once the system has moved it into its store.
    private let store = AttachmentStore()

    init(checkedIdentifier: String, url: URL, type: String, byteCount: Int, thumbnailHidden: Bool) {
        self.identifier = checkedIdentifier
        self.url = url
        self.type = type
        self.byteCount = byteCount
        self.thumbnailHidden = thumbnailHidden
        super.init()
    }

    /// Checks the file and creates the attachment, or throws a `UNError` as iOS does.
    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws {
        let checked: (type: String, size: Int)
        do {
            checked = try Self.check(url: URL, options: options)
        } catch {
            SimulationContext.current?.recordAttachmentError(error, file: URL.lastPathComponent)
            throw error
        }
        let hidden = (options?[UNNotificationAttachmentOptionsThumbnailHiddenKey] as? Bool)
            ?? (options?[UNNotificationAttachmentOptionsThumbnailHiddenKey] as? NSNumber)?.boolValue ?? false
        self.init(checkedIdentifier: identifier.isEmpty ? SimulationContext.current?.nextAttachmentIdentifier() ?? "attachment-1" : identifier, url: URL,
                  type: checked.type, byteCount: checked.size, thumbnailHidden: hidden)
    }

    /// Attachments are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// What iOS checks: a readable file URL, a known type, a size within the type's limit.
    private static func check(url: URL, options: [AnyHashable: Any]?) throws(UNError) -> (type: String, size: Int) {
        guard url.isFileURL else { throw UNError.simulated(.attachmentInvalidURL) }
        let hint = options?[UNNotificationAttachmentOptionsTypeHintKey] as? String
        guard let kind = AttachmentType(typeHint: hint, pathExtension: url.pathExtension) else {
            throw UNError.simulated(.attachmentUnrecognizedType)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: url.path),
              let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = (attributes[.size] as? NSNumber)?.intValue
        else { throw UNError.simulated(.attachmentInvalidURL) }
        guard size > 0 else { throw UNError.simulated(.attachmentCorrupt) }
        guard size <= kind.category.maximumBytes else { throw UNError.simulated(.attachmentInvalidFileSize) }
        return (kind.uti, size)
    }

    /// Moves the file into the system's store (reads it, then deletes it), as iOS does when a
    /// request is scheduled; false when the file is not there (moved already, or deleted).
    func moveIntoStore() -> Bool {
        store.move(from: url)
    }

    /// The bytes in the system's store, once moved there.
    var storedData: Data? { store.data }
}

/// The system's copy of an attachment's file.
private final class AttachmentStore: Sendable {
    private let stored = Locked<Data?>(nil)

    /// Moves the file at `url` in; false when no file is there.
    func move(from url: URL) -> Bool {
        stored.withLock { stored in
            guard let data = FileManager.default.contents(atPath: url.path) else { return false }
            try? FileManager.default.removeItem(at: url)
            stored = data
            return true
        }
    }

    /// The stored bytes, if moved.
    var data: Data? {
        stored.current
    }
}
