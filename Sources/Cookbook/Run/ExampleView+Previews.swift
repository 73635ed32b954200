import NotificationSimulator

extension ExampleView {
    /// The images the previews draw, kept beside the record (never in it): of the delivered
    /// notification, and of each notification the app added, in the record's order.
    public struct Previews: Sendable {
        /// The delivered notification's images.
        public var delivered: DeviceRun.PreviewImages
        /// The local notifications' images.
        public var localNotifications: [DeviceRun.PreviewImages]
        /// No images.
        public init() { self.init(delivered: .init(), localNotifications: []) }
        /// The images of a device run.
        public init(_ run: DeviceRun) { self.init(delivered: run.delivered, localNotifications: run.localNotifications) }
        /// The given images.
        public init(delivered: DeviceRun.PreviewImages, localNotifications: [DeviceRun.PreviewImages]) {
            self.delivered = delivered
            self.localNotifications = localNotifications
        }
    }
}
