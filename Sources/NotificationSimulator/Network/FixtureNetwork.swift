import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network of one run: serves the manifest's responses on the virtual clock and records every fetch.
final class FixtureNetwork: @unchecked Sendable {
    /// One fetch as the record shows it.
    struct Fetch: Sendable {
        /// The URL asked for.
        var url: String
        /// The HTTP status, or nil when the host was unreachable or the fetch never finished.
        var status: Int?
        /// The response's MIME type.
        var mimeType: String?
        /// Body bytes delivered.
        var bytes: Int
        /// How long it took, in virtual milliseconds.
        var milliseconds: Int
        /// When it started.
        var startedAt: Int
        /// True once the response was delivered to the app.
        var completed: Bool
    }

    let manifest: FixtureManifest
    private let lock = NSLock()
    private var fetchLog: [Fetch] = []
    private var awaitingStart = 0
    private var firstTask: URLSessionTask?
    private var used = false

    init(manifest: FixtureManifest) {
        self.manifest = manifest
    }

    /// Records a fetch and returns its index.
    func begin(url: String, at time: Int, task: URLSessionTask?) -> Int {
        lock.lock(); defer { lock.unlock() }
        if firstTask == nil { firstTask = task }
        fetchLog.append(Fetch(url: url, status: nil, mimeType: nil, bytes: 0, milliseconds: 0, startedAt: time, completed: false))
        return fetchLog.count - 1
    }

    /// Notes a request that `resume()` has accepted and whose `startLoading` is still to come.
    func expectStart() {
        lock.lock(); defer { lock.unlock() }
        awaitingStart += 1
        used = true
    }

    /// A task of this run, whose session's work queue the simulator waits on.
    var anyTask: URLSessionTask? {
        lock.lock(); defer { lock.unlock() }
        return firstTask
    }

    /// True once any request of this run reached `resume()`.
    var hasBeenUsed: Bool {
        lock.lock(); defer { lock.unlock() }
        return used
    }

    /// Notes that a request reached `startLoading` (and has scheduled its response).
    func started() {
        lock.lock(); defer { lock.unlock() }
        awaitingStart = max(0, awaitingStart - 1)
    }

    /// How many resumed requests have not reached `startLoading` yet.
    var requestsAwaitingStart: Int {
        lock.lock(); defer { lock.unlock() }
        return awaitingStart
    }

    /// Completes the fetch at `index`.
    func finish(_ index: Int, status: Int?, mimeType: String?, bytes: Int, at time: Int) {
        lock.lock(); defer { lock.unlock() }
        guard fetchLog.indices.contains(index) else { return }
        fetchLog[index].status = status
        fetchLog[index].mimeType = mimeType
        fetchLog[index].bytes = bytes
        fetchLog[index].milliseconds = time - fetchLog[index].startedAt
        fetchLog[index].completed = true
    }


    /// The fetches so far, in the order they started. Tasks resumed together reach the protocol in
    /// an order URLSession does not fix, so fetches that start at the same virtual time are sorted
    /// by URL, which keeps records of parallel downloads reproducible.
    var fetches: [Fetch] {
        lock.lock(); defer { lock.unlock() }
        return fetchLog.enumerated().sorted { a, b in
            (a.element.startedAt, a.element.url, a.offset) < (b.element.startedAt, b.element.url, b.offset)
        }.map(\.element)
    }
}
