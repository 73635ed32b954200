/// The URLs the rules cite (domain-rules.md sources), in one place.
public enum RuleSource {
    /// Apple: Generating a remote notification (payload keys, sizes, Tables 1–3).
    public static let generatingRemoteNotification = "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification"
    /// Apple: Sending notification requests to APNs (headers).
    public static let sendingRequests = "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns"
    /// Apple: Handling notification responses from APNs (error reasons).
    public static let handlingResponses = "https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns"
    /// Apple: Pushing background updates to your app.
    public static let backgroundUpdates = "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"
    /// Apple: Modifying content in newly delivered notifications (when the NSE runs).
    public static let modifyingContent = "https://developer.apple.com/documentation/usernotifications/modifying-content-in-newly-delivered-notifications"
    /// Apple: Starting and updating Live Activities with ActivityKit push notifications.
    public static let liveActivities = "https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications"
    /// Firebase: Get started with Live Activity (FCM HTTP v1 `apns.live_activity_token`).
    public static let fcmLiveActivity = "https://firebase.google.com/docs/cloud-messaging/ios/live-activity"
    /// Firebase: the v1 `Message` reference.
    public static let fcmMessage = "https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages"
    /// Firebase: the v1 `ErrorCode` reference.
    public static let fcmErrorCode = "https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode"
    /// Firebase: error codes guide.
    public static let fcmErrorCodes = "https://firebase.google.com/docs/cloud-messaging/error-codes"
    /// Firebase: message types (4096-byte limit).
    public static let fcmMessageTypes = "https://firebase.google.com/docs/cloud-messaging/customize-messages/set-message-type"
    /// Firebase Admin SDK (Node) client-side validation, `messaging-internal.ts`.
    public static let adminSDKValidation = "https://github.com/firebase/firebase-admin-node/blob/master/src/messaging/messaging-internal.ts"
    /// firebase-ios-sdk#3368: snake_case flags in `apns.payload.aps` never reach the NSE.
    public static let snakeCaseFlagsIssue = "https://github.com/firebase/firebase-ios-sdk/issues/3368"
    /// quickstart-ios#70: `mutable-content` delivered outside `aps`.
    public static let flagOutsideApsIssue = "https://github.com/firebase/quickstart-ios/issues/70"
    /// kreait/firebase-php 5.17.1: FCM accepts `notification` as a data key.
    public static let notificationDataKey = "https://github.com/kreait/firebase-php/releases/tag/5.17.1"
    /// FIRMessagingExtensionHelper.m at the commit the reference cites.
    public static let extensionHelper = "https://github.com/firebase/firebase-ios-sdk/blob/eed63a35a90dbd46184ca1a6afeb144ee783b5fd/FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m"
    /// RFC 9113 (HTTP/2) §8.2.1, Field Validity: no CR, LF or NUL in a field value, no white space at its ends.
    public static let rfc9113FieldValidity = "https://www.rfc-editor.org/rfc/rfc9113#section-8.2.1"
    /// RFC 8259, the JSON specification.
    public static let rfc8259 = "https://www.rfc-editor.org/rfc/rfc8259"
    /// Xcode 11.4 release notes (Simulator push files with "Simulator Target Bundle").
    public static let xcode114 = "https://developer.apple.com/documentation/xcode-release-notes/xcode-11_4-release-notes"
}
