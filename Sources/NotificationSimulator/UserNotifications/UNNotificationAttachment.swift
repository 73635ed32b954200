import Foundation

/// Option key: a UTI string that tells iOS the attachment's type instead of its file extension.
public let UNNotificationAttachmentOptionsTypeHintKey = "UNNotificationAttachmentOptionsTypeHintKey"
/// Option key: a Boolean; true hides the attachment's thumbnail.
public let UNNotificationAttachmentOptionsThumbnailHiddenKey = "UNNotificationAttachmentOptionsThumbnailHiddenKey"
/// Option key: a normalized rectangle (dictionary) that clips the thumbnail.
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey = "UNNotificationAttachmentOptionsThumbnailClippingRectKey"
/// Option key: the frame (animated image) or time (movie) used for the thumbnail.
public let UNNotificationAttachmentOptionsThumbnailTimeKey = "UNNotificationAttachmentOptionsThumbnailTimeKey"

/// A media file shown with a notification (Apple's `UNNotificationAttachment`).
///
/// The initializer checks what iOS checks (domain-rules §3): a readable file URL, a supported type
/// taken from the type hint or else the file extension (iOS does not sniff content), and the size
/// limit of the type's category.
open class UNNotificationAttachment: NSObject, @unchecked Sendable {
    /// The identifier; iOS generates a unique one when it is given empty.
    public let identifier: String
    /// The file's URL.
    public let url: URL
    /// The uniform type identifier, for example `public.png`.
    public let type: String
    /// The file's size in bytes when it was checked.
    let byteCount: Int
    /// True when the options hide the thumbnail.
    let thumbnailHidden: Bool

    /// Checks the file and creates the attachment, or throws a `UNError` as iOS does.
    public init(identifier: String, url: URL, options: [AnyHashable: Any]? = nil) throws {
        let checked: (type: String, size: Int)
        do {
            checked = try Self.check(url: url, options: options)
        } catch {
            SimulationContext.current?.recordAttachmentError(error, file: url.lastPathComponent)
            throw error
        }
        self.identifier = identifier.isEmpty ? AttachmentIdentifiers.next() : identifier
        self.url = url
        self.type = checked.type
        self.byteCount = checked.size
        self.thumbnailHidden = (options?[UNNotificationAttachmentOptionsThumbnailHiddenKey] as? Bool)
            ?? (options?[UNNotificationAttachmentOptionsThumbnailHiddenKey] as? NSNumber)?.boolValue ?? false
        super.init()
    }

    /// What iOS checks: a readable file URL, a known type, a size within the type's limit.
    private static func check(url: URL, options: [AnyHashable: Any]?) throws(UNError) -> (type: String, size: Int) {
        guard url.isFileURL else { throw UNError(.attachmentInvalidURL) }
        let hint = options?[UNNotificationAttachmentOptionsTypeHintKey] as? String
        guard let kind = AttachmentType(typeHint: hint, pathExtension: url.pathExtension) else {
            throw UNError(.attachmentUnrecognizedType)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: url.path),
              let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = (attributes[.size] as? NSNumber)?.intValue
        else { throw UNError(.attachmentInvalidURL) }
        guard size > 0 else { throw UNError(.attachmentCorrupt) }
        guard size <= kind.category.maximumBytes else { throw UNError(.attachmentInvalidFileSize) }
        return (kind.uti, size)
    }
}

/// Deterministic identifiers for attachments created with an empty identifier.
enum AttachmentIdentifiers {
    private static let counter = LockedCounter()

    /// The next identifier of the current run: `attachment-1`, `attachment-2`, ….
    static func next() -> String { "attachment-\(counter.increment())" }

    /// Restarts numbering, at the start of each simulated delivery.
    static func reset() { counter.reset() }
}

/// A thread-safe counter.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one and returns the new value.
    func increment() -> Int {
        lock.lock(); defer { lock.unlock() }
        value += 1
        return value
    }

    /// Sets the value back to zero.
    func reset() {
        lock.lock(); defer { lock.unlock() }
        value = 0
    }
}
