import Foundation

/// The base class of a Notification Service Extension (Apple's `UNNotificationServiceExtension`).
///
/// iOS calls `didReceive(_:withContentHandler:)` for a push with `mutable-content: 1` and visible
/// alert text; the extension has about 30 seconds to call the handler, and then
/// `serviceExtensionTimeWillExpire()` is its last chance (domain-rules §2).
@available(iOS 10.0, *)
open class UNNotificationServiceExtension: NSObject {
    /// Creates the extension.
    public override init() { super.init() }

    /// Called with the push; call `contentHandler` once with the content to show. The default passes the content through.
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }

    /// Called, on another thread, when the time budget runs out before the handler was called.
    open func serviceExtensionTimeWillExpire() {}
}
