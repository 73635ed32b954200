import Foundation

/// The part of Firebase Cloud Messaging's `Messaging` class a Notification Service Extension uses
/// (FirebaseMessaging on iOS): its extension helper.
///
/// In FirebaseMessaging, `+[FIRMessaging extensionHelper]` (Swift name `serviceExtension()`) returns a
/// process-wide singleton (FIRMessaging+ExtensionHelper.h, FIRMessaging+ExtensionHelper.m in
/// firebase/firebase-ios-sdk). The model keeps one helper per simulated run, which is one extension
/// process: a second notification in the same run shares it, as on a device.
public final class Messaging: NSObject {
    private override init() { super.init() }

    /// The extension helper of this extension process (FirebaseMessaging's `serviceExtension()`).
    public static func serviceExtension() -> FIRMessagingExtensionHelper {
        SimulationContext.current?.firebaseExtensionHelper ?? outsideSimulation
    }

    /// The helper handed out when no simulated run is going on (a unit test calling it directly).
    private static let outsideSimulation = FIRMessagingExtensionHelper()
}
