/// The part of the app (or of iOS) that gets a push, after the push-type table (`PushTypeProfile`).
///
/// The raw value is what a delivery record's `receivedBy` says.
public enum PushReceiver: String, Sendable, CaseIterable {
    /// The notification system (UserNotifications): it shows the alert, and runs the service extension when the gate holds.
    case userNotifications = "user-notifications"
    /// The app itself, woken in the background: `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    case app
    /// PushKit (`PKPushRegistry`), for VoIP calls reported to CallKit.
    case pushKit = "pushkit"
    /// ActivityKit: the system renders the Live Activity with the app's widget extension.
    case activityKit = "activitykit"
    /// The app's Location Push Service Extension.
    case locationPushServiceExtension = "location-push-service-extension"
    /// A watchOS complication, through PushKit.
    case complication = "pushkit-complication"
    /// The app's File Provider extension.
    case fileProviderExtension = "file-provider-extension"
    /// The operating system's MDM client, which then asks the MDM server for commands.
    case mdmClient = "mdm-client"
    /// The PushToTalk framework (`PTChannelManagerDelegate`).
    case pushToTalk = "pushtotalk"
    /// WidgetKit, which reloads the app's widgets.
    case widgetKit = "widgetkit"
    /// WidgetKit's controls, which reloads the app's controls.
    case controls = "widgetkit-controls"

    /// A few words for messages: "PushKit (PKPushRegistry)".
    public var name: String {
        switch self {
        case .userNotifications: "the notification system"
        case .app: "the app in the background"
        case .pushKit: "PushKit (PKPushRegistry, reported to CallKit)"
        case .activityKit: "ActivityKit (the Live Activity)"
        case .locationPushServiceExtension: "the app's Location Push Service Extension"
        case .complication: "the watch app's complication, through PushKit"
        case .fileProviderExtension: "the app's File Provider extension"
        case .mdmClient: "the device's MDM client"
        case .pushToTalk: "the PushToTalk framework"
        case .widgetKit: "WidgetKit (a widget reload)"
        case .controls: "WidgetKit (a control reload)"
        }
    }
}
