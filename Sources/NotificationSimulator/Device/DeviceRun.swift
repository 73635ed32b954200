import Foundation

/// One run of the simulated device: the delivery record, and beside it the image bytes a preview
/// draws. The images are never part of the record (its JSON, its equality): they are what the
/// cookbook's pages show, not what the device decided.
public struct DeviceRun: Sendable {
    /// The record.
    public var record: DeliveryRecord
    /// The images of `record.delivered` (empty when nothing was shown).
    public var delivered: PreviewImages
    /// The images of `record.localNotifications`, in the same order.
    public var localNotifications: [PreviewImages]
    /// The notification the push showed (on screen or in Notification Center), or nil.
    var shown: UNNotification?

    /// Image bytes for one notification's preview.
    public struct PreviewImages: Sendable, Equatable {
        /// The avatar shown as the icon.
        public var avatar: Data?
        /// The first attachment, when it is an image.
        public var attachment: Data?
        /// Creates preview images.
        public init(avatar: Data? = nil, attachment: Data? = nil) {
            self.avatar = avatar
            self.attachment = attachment
        }
    }

    /// A run with no images (nothing was shown).
    init(record: DeliveryRecord) {
        self.init(record: record, delivered: PreviewImages(), localNotifications: [])
    }

    /// A run and its images.
    init(record: DeliveryRecord, delivered: PreviewImages, localNotifications: [PreviewImages]) {
        self.record = record
        self.delivered = delivered
        self.localNotifications = localNotifications
    }
}
