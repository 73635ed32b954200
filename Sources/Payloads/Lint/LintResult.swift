/// What the linter found about one input.
public struct LintResult: Sendable {
    /// The input's kind; nil when the file is unreadable or of no known kind.
    public var kind: InputKind?
    /// The size of the file read, in bytes.
    public var bytes: Int
    /// The findings, sorted by location, then rule id.
    public var diagnostics: [Diagnostic]
    /// The APNs request this input becomes (FCM translated); nil if unparseable or not a push.
    public var request: APNsRequest?
    /// False when APNs or FCM would refuse the request (a diagnostic of a refusing rule), or there is no request.
    public var accepted: Bool
    /// For FCM input, the size FCM checks against its limit (`fcm.payload-too-large`); nil otherwise.
    public var fcmBytes: Int?

    /// Creates a result.
    public init(kind: InputKind?, bytes: Int, diagnostics: [Diagnostic], request: APNsRequest?, accepted: Bool, fcmBytes: Int? = nil) {
        self.kind = kind
        self.bytes = bytes
        self.diagnostics = diagnostics
        self.request = request
        self.accepted = accepted
        self.fcmBytes = fcmBytes
    }

    /// True when some diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
