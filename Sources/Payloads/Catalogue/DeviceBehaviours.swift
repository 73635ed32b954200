/// The behaviours of iOS that Pushbook's device model encodes, each with its source and confidence.
///
/// They share the catalogue with the linter's rules, so the rules page documents both and every
/// diagnostic the device model adds to a delivery record links to its source.
public enum DeviceBehaviours {
    private static let nse = "https://developer.apple.com/documentation/usernotifications/modifying-content-in-newly-delivered-notifications"
    private static let didReceive = "https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension/didreceive(_:withcontenthandler:)"
    private static let attachment = "https://developer.apple.com/documentation/usernotifications/unnotificationattachment"
    private static let communication = "https://developer.apple.com/documentation/usernotifications/implementing-communication-notifications"

    /// Every behaviour, sorted by id.
    public static let all: [RuleDescription] = [
        RuleDescription(id: "ios.attachment-size-limit", severity: .error,
                        summary: "Attachments over their category's limit (audio 5 MB, images 10 MB, movies 50 MB) make UNNotificationAttachment throw attachmentInvalidFileSize. Apple does not define MB; Pushbook's model reads it as 10^6 bytes, the stricter reading (a modelling choice).",
                        source: attachment, confidence: .apple, example: "a 12 MB PNG"),
        RuleDescription(id: "ios.attachment-type", severity: .error,
                        summary: "The attachment's type comes from the type hint or else the file extension; iOS does not look at the bytes. JPEG, GIF, PNG, AIFF, WAV, MP3, M4A, MPEG, MPEG-2, MPEG-4 and AVI are supported; WebP, HEIC and SVG are not (attachmentUnrecognizedType).",
                        source: attachment, confidence: .apple, example: "a file named image without extension"),
        RuleDescription(id: "ios.attachment-validated-after-extension", severity: .warning,
                        summary: "For remote notifications iOS validates attachments after the extension finishes and moves their files into its store; an attachment whose file is gone is not shown (the notification is shown without it: inferred).",
                        source: attachment, confidence: .inference, example: "deleting the temporary file before calling the handler"),
        RuleDescription(id: "ios.background-push-wakes-app", severity: .note,
                        summary: "A push with content-available 1 and no alert, badge or sound shows nothing; iOS wakes the app in the background only when it has the Background Modes capability with Remote notifications (UIBackgroundModes contains remote-notification). The extension never runs for it.",
                        source: "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app", confidence: .apple,
                        example: "{\"aps\": {\"content-available\": 1}}"),
        RuleDescription(id: "ios.interruption-level-entitlement", severity: .note,
                        summary: "time-sensitive and critical interruption levels need their entitlements (Time Sensitive Notifications; Apple-granted critical alerts); without them Pushbook's model delivers the notification as active, as plugin documentation reports.",
                        source: "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.usernotifications.time-sensitive (the entitlement; the fallback to active is reported in the Flutter local-notifications plugin's documentation)", confidence: .community,
                        example: "\"interruption-level\": \"time-sensitive\" without the capability"),
        RuleDescription(id: "ios.foreground-presentation", severity: .note,
                        summary: "A notification that arrives while the app is in the foreground is shown only as the center delegate's userNotificationCenter(_:willPresent:withCompletionHandler:) decides ([.banner, .list, .sound, .badge]); with no delegate, or an empty set, iOS shows nothing for it.",
                        source: "https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)", confidence: .apple,
                        example: "completionHandler([]) in willPresent"),
        RuleDescription(id: "ios.pending-request-limit", severity: .note,
                        summary: "At most 64 local requests stay pending; Pushbook's model keeps the soonest-firing 64 and drops the rest without an error, as the archived guide describes (current docs only say the number is limited).",
                        source: "https://developer.apple.com/library/archive/documentation/NetworkingInternet/Conceptual/RemoteNotificationsPG/SchedulingandHandlingLocalNotifications.html (archived guide); https://stackoverflow.com/questions/43424044", confidence: .community,
                        example: "scheduling 70 reminders"),
        RuleDescription(id: "ios.request-identifier-replaces", severity: .note,
                        summary: "Adding a request whose identifier is already pending replaces the pending one.",
                        source: "UNUserNotificationCenter.h in the iOS SDK (the header's comment on the limit)", confidence: .community,
                        example: "two requests with identifier \"chat-42\""),
        RuleDescription(id: "ios.inimage-url-local-only", severity: .warning,
                        summary: "INImage(url:) is for files in the local file system; with a remote https URL the image holds no data, persisting the donation fails and no avatar is shown. Download the bytes and use INImage(imageData:).",
                        source: "https://developer.apple.com/documentation/intents/inimage ; cinderella-project/iMast#275", confidence: .apple,
                        example: "INImage(url: URL(string: \"https://…/avatar.png\")!)"),
        RuleDescription(id: "ios.trigger-validation", severity: .error,
                        summary: "UNTimeIntervalNotificationTrigger needs an interval greater than 0, and at least 60 seconds when it repeats; iOS raises NSInternalInconsistencyException otherwise (Pushbook's model traps with the same reason).",
                        source: "https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger/init(timeinterval:repeats:)", confidence: .apple,
                        example: "UNTimeIntervalNotificationTrigger(timeInterval: 30, repeats: true)"),
        RuleDescription(id: "ios.app-code-blocked", severity: .error,
                        summary: "App or extension code that does not return is cut off; Pushbook's model goes on in virtual time.",
                        source: "Pushbook's device model", confidence: .inference, example: "a semaphore that is never signalled"),
        RuleDescription(id: "ios.communication-needs-entitlement", severity: .warning,
                        summary: "Communication styling (sender avatar instead of the app icon) needs the Communication Notifications capability (entitlement com.apple.developer.usernotifications.communication) and INSendMessageIntent in NSUserActivityTypes; without them iOS silently shows a plain notification.",
                        source: communication + " ; home-assistant/iOS#5187", confidence: .community, example: "an app without the entitlement"),
        RuleDescription(id: "ios.content-handler-called-twice", severity: .warning,
                        summary: "The content handler should be called exactly once. Apple documents no behaviour for a second call; Pushbook's model keeps the first and reports the rest (a modelling choice).",
                        source: "https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension/didreceive(_:withcontenthandler:) (Apple documents one call; nothing for a second)", confidence: .inference, example: "a late download calling the handler after serviceExtensionTimeWillExpire()"),
        RuleDescription(id: "ios.extension-gate", severity: .warning,
                        summary: "iOS runs the Notification Service Extension only when aps.mutable-content is 1 and the alert has a title, subtitle or body. A string alert counts as body text (inferred).",
                        source: nse, confidence: .apple, example: "{\"aps\": {\"mutable-content\": 1}}"),
        RuleDescription(id: "ios.modified-content-without-alert", severity: .warning,
                        summary: "If the content handed to the handler has no alert text, iOS ignores the changes and shows the original content.",
                        source: didReceive, confidence: .apple, example: "setting title, subtitle and body to empty strings"),
        RuleDescription(id: "ios.time-budget", severity: .warning,
                        summary: "The extension has about 30 seconds; then serviceExtensionTimeWillExpire() is its last chance, and if the handler is never called iOS shows the original content.",
                        source: didReceive, confidence: .apple, example: "a 45-second download"),
    ]

    /// A diagnostic of behaviour `id`, with the behaviour's severity unless `severity` is given.
    public static func diagnostic(_ id: String, _ message: String, severity: Severity? = nil) -> Diagnostic {
        let rule = all.first { $0.id == id }
        return Diagnostic(rule: id, severity: severity ?? rule?.severity ?? .warning, message: message)
    }
}
