/// Everything a rule sees about one input: the file, the APNs request it becomes, and where things came from.
public struct LintContext: Sendable {
    /// The input's kind.
    public var kind: InputKind
    /// The whole file as parsed.
    public var document: JSONValue
    /// The APNs request the input becomes (FCM translated, Simulator key stripped).
    public var request: APNsRequest
    /// The typed payload of `request`.
    public var payload: APNsPayload
    /// The typed headers of `request`.
    public var headers: APNsHeaders
    /// The FCM send body, for FCM input.
    public var fcm: FCMSendRequest?
    /// Payload path → path in the file.
    public var sourceMap: SourceMap
    /// Header name → path in the file, for headers written in the file (FCM `apns.headers`) or defaulted by FCM.
    public var headerSources: [String: JSONPath]
    /// Headers the input did not set and that were filled with a documented default (FCM).
    public var defaultedHeaders: Set<String>
    /// Top-level payload keys FCM added itself.
    public var addedKeys: Set<String>
    /// Findings made while translating FCM to APNs.
    public var translationDiagnostics: [Diagnostic]

    /// Builds the context for a parsed document of a known kind; `headers` are APNs headers given
    /// beside a raw APNs or Simulator payload (an FCM message carries its own in `apns.headers`).
    public init(kind: InputKind, document: JSONValue, headers: [String: String] = [:]) {
        self.kind = kind
        self.document = document
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercasedASCII()] = value }
        switch kind {
        case .fcmV1:
            // Read once: the typed message is what the translator and the FCM rules see.
            let send = FCMSendRequest(json: document)
            let t = FCMTranslator.translate(send?.message ?? FCMMessage(body: document))
            request = t.request
            fcm = send
            sourceMap = t.sourceMap
            headerSources = t.headerSources
            defaultedHeaders = t.defaultedHeaders
            addedKeys = Set(t.addedKeys)
            translationDiagnostics = t.diagnostics
        case .simulator, .apns, .local:
            // A Simulator file reaches the device without its "Simulator Target Bundle" key.
            let payload = kind == .simulator ? SimulatorFile(json: document)?.devicePayload ?? document : document
            request = APNsRequest(headers: lowered, payload: payload)
            fcm = nil
            sourceMap = SourceMap()
            headerSources = [:]
            defaultedHeaders = []
            addedKeys = []
            translationDiagnostics = []
        }
        payload = request.typedPayload
        self.headers = request.typedHeaders
    }

    /// The path in the file that payload path `path` came from.
    public func sourcePath(ofPayload path: JSONPath) -> JSONPath { sourceMap.source(of: path) }

    /// The location of the value (or, with `atKey`, the key) at `path` in the file, or of its
    /// nearest ancestor that exists; `.none` when nothing does.
    public func location(ofDocument path: JSONPath, atKey: Bool = false) -> SourceLocation {
        if atKey, let member = document.member(at: path), member.keyLocation != .none { return member.keyLocation }
        if let value = document.value(at: path), value.location != .none { return value.location }
        var current = path
        while !current.components.isEmpty {
            current = current.parent
            if let member = document.member(at: current), member.keyLocation != .none { return member.keyLocation }
            if let value = document.value(at: current), value.location != .none { return value.location }
        }
        return .none
    }

    /// The location of payload path `path`: where its value (or key) was written in the file.
    public func location(ofPayload path: JSONPath, atKey: Bool = false) -> SourceLocation {
        if atKey, let member = request.payload.member(at: path), member.keyLocation != .none { return member.keyLocation }
        if !atKey, let value = request.payload.value(at: path), value.location != .none { return value.location }
        return location(ofDocument: sourcePath(ofPayload: path), atKey: atKey)
    }

    /// A diagnostic of `rule` about payload path `path` (reported at its place in the file).
    public func diagnostic(_ rule: RuleDescription, _ message: String, payload path: JSONPath, atKey: Bool = false) -> Diagnostic {
        Diagnostic(rule: rule.id, severity: rule.severity, message: message,
                   location: location(ofPayload: path, atKey: atKey), path: sourcePath(ofPayload: path).description)
    }

    /// A diagnostic of `rule` about payload path `path` at a location the rule already knows (no lookup).
    public func diagnostic(_ rule: RuleDescription, _ message: String, payload path: JSONPath, at location: SourceLocation) -> Diagnostic {
        guard location != .none else { return diagnostic(rule, message, payload: path) }
        return Diagnostic(rule: rule.id, severity: rule.severity, message: message, location: location,
                          path: sourcePath(ofPayload: path).description)
    }

    /// A diagnostic of `rule` about document path `path` at a location the rule already knows (no lookup).
    public func diagnostic(_ rule: RuleDescription, _ message: String, document path: JSONPath, at location: SourceLocation) -> Diagnostic {
        guard location != .none else { return diagnostic(rule, message, document: path) }
        return Diagnostic(rule: rule.id, severity: rule.severity, message: message, location: location, path: path.description)
    }

    /// A diagnostic of `rule` about document path `path`.
    public func diagnostic(_ rule: RuleDescription, _ message: String, document path: JSONPath, atKey: Bool = false) -> Diagnostic {
        Diagnostic(rule: rule.id, severity: rule.severity, message: message,
                   location: location(ofDocument: path, atKey: atKey), path: path.description)
    }

    /// A diagnostic of `rule` about request header `name` (at its place in an FCM file, else file-level).
    public func diagnostic(_ rule: RuleDescription, _ message: String, header name: String) -> Diagnostic {
        if let path = headerSources[name] {
            return diagnostic(rule, message, document: path)
        }
        return Diagnostic(rule: rule.id, severity: rule.severity, message: message, location: .none,
                          path: JSONPath([.key("headers"), .key(name)]).description)
    }

    /// True when headers apply to this input: always for FCM and APNs, for a Simulator file only if given.
    public var headersApply: Bool { kind != .simulator || !request.headers.isEmpty }

    /// What the input calls the payload path `path` in messages (`apns.payload.aps.sound` for FCM).
    public func displayName(ofPayload path: JSONPath) -> String {
        let source = sourcePath(ofPayload: path)
        if kind == .fcmV1, source.hasPrefix("message") { return source.dropping(1).description }
        return source.description
    }
}
