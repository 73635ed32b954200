/// What Firebase's stock extension helper (`Messaging.serviceExtension().populateNotificationContent(_:withContentHandler:)`)
/// does, as Pushbook's model of it (`simulate --extension firebase`) encodes it, each with its source.
///
/// The source is firebase/firebase-ios-sdk at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd:
/// `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m` (H, with line numbers) and its unit tests,
/// `FirebaseMessaging/Tests/UnitTests/FIRMessagingExtensionHelperTest.m` (T).
public enum FirebaseHelperBehaviours {
    private static let commit = "firebase/firebase-ios-sdk@eed63a35a90dbd46184ca1a6afeb144ee783b5fd"
    private static let helper = "https://github.com/firebase/firebase-ios-sdk/blob/eed63a35a90dbd46184ca1a6afeb144ee783b5fd/FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m"
    private static let tests = "https://github.com/firebase/firebase-ios-sdk/blob/eed63a35a90dbd46184ca1a6afeb144ee783b5fd/FirebaseMessaging/Tests/UnitTests/FIRMessagingExtensionHelperTest.m"

    /// Every behaviour, sorted by id.
    public static let all: [RuleDescription] = [
        RuleDescription(id: "firebase.helper-attachment", severity: .warning,
                        summary: "Firebase's helper creates the attachment with an empty identifier and no options, so iOS takes the type from the file's extension alone (no type hint). An attachment iOS refuses (no or an unsupported extension, over the size limit) means no image: the helper logs error 20003 and delivers the text. An attachment it creates replaces every attachment the content had.",
                        source: "\(helper) lines 131-133, 196-206 (\(commit))", confidence: .sdk,
                        example: "a WebP image: the helper saves it as .webp and UNNotificationAttachment refuses it"),
        RuleDescription(id: "firebase.helper-content-handler", severity: .note,
                        summary: "Firebase's helper calls the content handler once, when it has finished (no image key, a bad URL, an error, or the attachment made), and never because time ran out. Firebase's guide has serviceExtensionTimeWillExpire() hand over the best attempt, which is the object the helper still holds: a download that finishes later writes its attachment into content iOS already has and calls the handler a second time. The helper keeps one handler at a time (one helper per extension process): a second notification before the first download finishes takes it over, and the first notification's handler is never called by the helper (inferred from the code).",
                        source: "\(helper) lines 100-101, 108-111, 123-139, 212-216; FirebaseMessaging/Apps/AdvancedSample/NotificationServiceExtension/NotificationService.swift lines 42-49 (\(commit))", confidence: .sdk,
                        example: "an image that takes 35 seconds to download"),
        RuleDescription(id: "firebase.helper-download", severity: .warning,
                        summary: "Firebase's helper downloads the image with one URLSession download task (default configuration, no timeout of its own) and checks only for a transport error: it does not look at the HTTP status or the size, so the body of a 404 or 500 is saved and attached as if it were the image, and an image over the limit is downloaded whole before UNNotificationAttachment refuses it. No unit test covers the status or the size.",
                        source: "\(helper) lines 165-209 (\(commit)); \(tests) (no such test)", confidence: .sdk,
                        example: "a 404 page served as text/html at https://…/missing.jpg"),
        RuleDescription(id: "firebase.helper-file-extension", severity: .warning,
                        summary: "Firebase's helper names the file from the response: '.' and the path extension of response.suggestedFilename; else, for a MIME type containing image/, the MIME type with image/ replaced by '.' (image/jpeg gives .jpeg), unless the result holds a '/'; else no extension, which iOS refuses. suggestedFilename is Apple's: the Content-Disposition file name, else the URL's last path component, else the host, with the MIME type's extension appended \"in most cases\"; Pushbook's model appends it only to a name without an extension and keeps one the name already has (a modelling choice), and knows no extension for application/octet-stream. A URL without an extension served as application/octet-stream therefore loses its image.",
                        source: "\(helper) lines 147-163, 182-186; \(tests): testModifyNotificationWithValidPayloadDataNoMimeType, testModifyNotificationWithInvalidPayloadDataInvalidMimeType, testModifyNotificationWithInvalidPayloadDataValidMimeType, testFileExtensionRejectsPathSeparatorInMimeType (\(commit)); https://developer.apple.com/documentation/foundation/urlresponse/suggestedfilename", confidence: .sdk,
                        example: "https://cdn.example.com/i/7f3a9c served as application/octet-stream"),
        RuleDescription(id: "firebase.helper-image-key", severity: .note,
                        summary: "Firebase's helper reads only userInfo[\"fcm_options\"][\"image\"], where FCM puts apns.fcm_options.image (or message.notification.image). A missing key, an fcm_options that is not a dictionary or an image that is not a string: the content is delivered unchanged, nothing is downloaded. A string that is not a URL: error 20000, delivered unchanged; apps linked on or after iOS 17 percent-encode such a string into a relative URL instead (Apple), whose download then fails (error 20001), with the same result for the user.",
                        source: "\(helper) lines 108-139; \(tests): testModifyNotificationWithEmptyPayloadData, testModifyNotificationWithNonDictionaryOptions, testModifyNotificationWithNonStringImageURL, testModifyNotificationWithInvalidPayloadData (\(commit)); https://developer.apple.com/documentation/foundation/url/init(string:)", confidence: .sdk,
                        example: "{\"fcm_options\": {\"image\": 42}}"),
        RuleDescription(id: "firebase.helper-logged-error", severity: .note,
                        summary: "Firebase's helper reports its failures only as console errors (FIRMessagingLoggerError codes 20000 invalid URL, 20001 not downloaded, 20002 file not moved, 20003 not attached) and delivers the text without the image; Pushbook's model shows each as a note of the delivery record.",
                        source: "\(helper) lines 136-139, 174-206; FirebaseMessaging/Sources/FIRMessagingCode.h lines 139-142 (\(commit))", confidence: .sdk,
                        example: "an image URL whose host does not answer"),
    ]

    /// A diagnostic of behaviour `id`, with the behaviour's severity unless `severity` is given.
    public static func diagnostic(_ id: String, _ message: String, severity: Severity? = nil) -> Diagnostic {
        let rule = all.first { $0.id == id }
        return Diagnostic(rule: id, severity: severity ?? rule?.severity ?? .warning, message: message)
    }
}
