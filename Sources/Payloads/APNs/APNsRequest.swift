/// The request as it reaches APNs: headers (lowercased names) and the JSON payload.
public struct APNsRequest: Sendable, Equatable {
    /// HTTP/2 headers, names lowercased (`apns-push-type`, `apns-priority`, …).
    public var headers: [String: String]
    /// The JSON payload (`aps` plus custom keys), locations pointing into the input file.
    public var payload: JSONValue
    /// The compact UTF-8 size of the payload: the bytes APNs counts against its limit.
    public var bytes: Int

    /// Creates a request; `bytes` is computed from the payload.
    public init(headers: [String: String], payload: JSONValue) {
        self.headers = headers
        self.payload = payload
        self.bytes = JSONWriter.compact(payload).utf8.count
    }

    /// The typed view of the headers.
    public var typedHeaders: APNsHeaders { APNsHeaders(headers) }

    /// The typed view of the payload.
    public var typedPayload: APNsPayload { APNsPayload(json: payload) }
}
