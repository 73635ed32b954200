/// `fcm.admin-sdk-field`: `imageUrl`, the Admin SDKs' name for the image field, pasted into a REST body.
struct FCMAdminSDKFieldRule: PayloadRule {
    /// The containers whose `image` field the Admin SDKs call `imageUrl` (snake_case spelling).
    static let containers: [JSONPath] = ["message.notification", "message.apns.fcm_options"]

    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "fcm.admin-sdk-field", severity: .error,
        summary: "The Admin SDKs name the image field imageUrl (Node notification.imageUrl and apns.fcmOptions.imageUrl, Go ImageURL) and rename it to image when they send; a REST (HTTP v1) body must say image, in notification or in apns.fcm_options. FCM refuses an unknown field name (400 INVALID_ARGUMENT, Unknown name \"imageUrl\"). fcmOptions and analyticsLabel need no change: proto3 JSON accepts camelCase field names.",
        source: RuleSource.adminSDKValidation + " ; " + RuleSource.fcmMessage + " ; https://github.com/firebase/firebase-admin-node/issues/2180",
        confidence: .sdk, refusesRequest: true,
        example: #"{"message": {"token": "…", "notification": {"title": "Hi", "imageUrl": "https://…/a.png"}}}"#)
    /// Creates the rule.
    public init() {}

    /// True for the Admin SDKs' spellings of the image field.
    static func isImageURL(_ key: String) -> Bool { APSKey.normalize(key) == "imageurl" }

    /// Reports `imageUrl` (any spelling) where REST wants `image`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .fcmV1 else { return }
        for container in Self.containers {
            guard let (object, written) = FCMSchema.resolve(container, in: input.document) else { continue }
            for m in object.members ?? [] where Self.isImageURL(m.key) {
                diagnostics.append(input.diagnostic(Self.description,
                    "\(written.appending(m.key).dropping(1)) is the Admin SDKs' name; in a REST (HTTP v1) body the field is \(written.appending("image").dropping(1)), and FCM refuses the unknown name (400 INVALID_ARGUMENT, Unknown name \"\(m.key)\"): write \"image\"",
                    document: written.appending(m.key), at: m.keyLocation))
            }
        }
    }
}
