/// The full result of translating an FCM message: the APNs request plus where each part came from.
public struct FCMTranslation: Sendable {
    /// The APNs request FCM sends.
    public var request: APNsRequest
    /// Findings made while translating (overridden notification fields, shadowed data keys).
    public var diagnostics: [Diagnostic]
    /// Payload path → path in the FCM file.
    public var sourceMap: SourceMap
    /// Header name → path in the FCM file (`message.apns.headers.<name>`), also for defaults FCM adds.
    public var headerSources: [String: JSONPath]
    /// Names of headers FCM added because the message did not set them.
    public var defaultedHeaders: Set<String>
    /// Top-level payload keys FCM itself adds (`gcm.message_id`, …), not from the message.
    public var addedKeys: [String]
}
