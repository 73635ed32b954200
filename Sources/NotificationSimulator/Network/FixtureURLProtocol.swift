import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Serves every `URLSession` request of a simulation from the fixture manifest, on the virtual clock.
///
/// Registered once per process; it answers every http(s) request, so nothing ever reaches the real
/// network. A URL missing from the manifest fails as an unreachable host does
/// (`URLError.cannotFindHost`); outside a simulation every request fails the same way.
final class FixtureURLProtocol: URLProtocol, @unchecked Sendable {
    private static let installed = Locked(false)

    /// Registers the protocol once.
    static func install() {
        installed.withLock { installed in
            if !installed { installed = URLProtocol.registerClass(FixtureURLProtocol.self) }
        }
    }

    private let cancelled = Locked(false)

    /// Accepts every request. Foundation asks this synchronously inside `resume()`, so this is where
    /// the simulation learns that a request is on its way, before `startLoading` runs on another queue.
    override class func canInit(with request: URLRequest) -> Bool {
        SimulationContext.current?.network.expectStart()
        return true
    }

    /// Requests are used as they are.
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    /// Schedules the response at `now + latency` on the virtual clock.
    override func startLoading() {
        let urlString = request.url?.absoluteString ?? ""
        guard let context = SimulationContext.current, let url = request.url else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        let now = context.clock.now
        let index = context.network.begin(url: urlString, method: request.httpMethod ?? "GET", sentBody: Self.bodyText(of: request), at: now, task: task)
        defer { context.network.started() }
        guard let entry = context.network.manifest.entry(for: urlString) else {
            context.scheduler.schedule(at: now, label: "unreachable \(urlString)") { [self] in
                guard !isCancelled else { return }
                context.network.finish(index, status: nil, mimeType: nil, bytes: 0, at: context.clock.now)
                client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            }
            return
        }
        context.scheduler.schedule(at: now + entry.latencyMilliseconds, label: "fetch \(urlString)") { [self] in
            guard !isCancelled else { return }
            // RFC 9110 §15.3.5 and §15.4.5: a 204 or 304 response has no content, and HEAD gets none.
            let body = entry.status == 204 || entry.status == 304 || request.httpMethod == "HEAD" ? Data() : entry.body
            var headers = ["Content-Length": String(body.count)]
            if let mime = entry.mimeType { headers["Content-Type"] = mime }
            guard let response = HTTPURLResponse(url: url, statusCode: entry.status, httpVersion: "HTTP/1.1", headerFields: headers) else {
                client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
                return
            }
            context.network.finish(index, status: entry.status, mimeType: entry.mimeType, bytes: body.count, at: context.clock.now)
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    /// The largest request body the record keeps as text.
    static let sentBodyLimit = 4096

    /// The request's body as the record shows it: UTF-8 text up to `sentBodyLimit` bytes, a byte
    /// count otherwise; nil without a body. Foundation may hand the protocol the body as a stream.
    static func bodyText(of request: URLRequest) -> String? {
        var data = request.httpBody
        if data == nil, let stream = request.httpBodyStream {
            var read = Data()
            stream.open()
            defer { stream.close() }
            var buffer = [UInt8](repeating: 0, count: 1024)
            while read.count <= sentBodyLimit {
                let count = stream.read(&buffer, maxLength: buffer.count)
                if count <= 0 { break }
                read.append(buffer, count: count)
            }
            data = read
        }
        guard let data, !data.isEmpty else { return nil }
        guard data.count <= sentBodyLimit, let text = String(data: data, encoding: .utf8) else {
            return "(\(data.count)\(data.count > sentBodyLimit ? "+" : "") bytes, not shown)"
        }
        return text
    }

    /// Cancels the pending response.
    override func stopLoading() {
        cancelled.withLock { $0 = true }
    }

    private var isCancelled: Bool { cancelled.current }
}
