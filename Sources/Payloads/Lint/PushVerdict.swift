/// What the playground shows beside the diagnostics: whether APNs and FCM take the push, the request
/// APNs gets (for an FCM message, the one FCM sends), the bytes used against each limit, and whether
/// the service extension runs. Every figure comes from the rule that owns it.
public struct PushVerdict: Sendable {
    /// The lint result it describes.
    public var result: LintResult

    /// Describes `result`.
    public init(_ result: LintResult) { self.result = result }

    /// The verdict as JSON: `accepted`, `kind`, `apns` (`headers` as sorted `[name, value]` pairs,
    /// `payload` as pretty JSON text in the order APNs gets it, `bytes`, `limit`), `fcm` (`bytes`,
    /// `limit`, for FCM input) and `extension` (`runs`, `reason`, `rule`, `explanation`); `apns` and
    /// `extension` are null when the input is no push.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("accepted", .bool(result.accepted)),
            ("kind", result.kind.map { .string($0.rawValue) } ?? .null),
        ]
        guard let request = result.request else {
            return .object(members + [("apns", .null), ("fcm", .null), ("extension", .null)])
        }
        let headers = request.headers.sorted { $0.key < $1.key }.map { JSONValue.array([.string($0.key), .string($0.value)]) }
        let pushType = request.typedHeaders.pushType
        members.append(("apns", .object([
            ("headers", .array(headers)),
            ("payload", .string(JSONWriter.write(request.payload, sortKeys: false))),
            ("bytes", .int(request.bytes)),
            ("limit", .int(PayloadTooLargeRule.limit(for: pushType))),
        ])))
        members.append(("fcm", result.fcmBytes.map { .object([("bytes", .int($0)), ("limit", .int(FCMPayloadTooLargeRule.limit))]) } ?? .null))
        let gate = ExtensionGate(payload: request.payload, accepted: result.accepted, pushType: pushType)
        members.append(("extension", .object([
            ("runs", .bool(gate.runs)), ("reason", .string(gate.reason.rawValue)),
            ("rule", .string(gate.rule)), ("explanation", .string(gate.explanation)),
        ])))
        return .object(members)
    }
}
