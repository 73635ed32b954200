/// What a file is, detected from its content.
public enum InputKind: String, Sendable, CaseIterable {
    /// An FCM HTTP v1 send body: `{"message": {…}}`.
    case fcmV1 = "fcm-v1"
    /// A raw APNs payload: an object with `aps`.
    case apns
    /// An Xcode Simulator `.apns` file: an APNs payload plus `"Simulator Target Bundle"`.
    case simulator
    /// A local notification request (made in code, never read from a file by the linter).
    case local

    /// The kind of `document`, or nil when it is none of the file kinds.
    ///
    /// `{"message": …}` (without `aps`) → fcm-v1; an object with `"Simulator Target Bundle"` → simulator;
    /// an object with `aps` → apns.
    ///
    /// A push type whose payload needs no `aps` (voip, location, mdm, …; the push-type table) makes any
    /// other dictionary an APNs payload too: `{"mdm": "…"}` with `apns-push-type: mdm`.
    public static func detect(_ document: JSONValue, pushType: APNsPushType? = nil) -> InputKind? {
        guard let members = document.members else { return nil }
        let keys = Set(members.map { $0.key })
        if keys.contains("message") && !keys.contains("aps") { return .fcmV1 }
        if keys.contains(SimulatorFile.targetBundleKey) { return .simulator }
        if keys.contains("aps") { return .apns }
        if let pushType, !PushTypeProfile.profile(for: pushType).needsAPS { return .apns }
        return nil
    }
}
