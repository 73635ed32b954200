import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network of one run: serves the manifest's responses on the virtual clock and records every fetch.
final class FixtureNetwork: Sendable {
    /// One fetch as the record shows it.
    struct Fetch: Sendable {
        /// The URL asked for.
        var url: String
        /// The request's HTTP method.
        var method: String
        /// The request's body as text, when it has one.
        var sentBody: String?
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
    /// What the run's requests did, shared with Foundation's loading threads.
    private struct State {
        var fetches: [Fetch] = []
        var awaitingStart = 0
        var firstTask: URLSessionTask?
        var used = false
    }
    private let state = Locked(State())
    /// Signalled whenever a request reaches `startLoading`, for `waitForStarts`.
    private let startSignal = ConditionSignal()

    init(manifest: FixtureManifest) {
        self.manifest = manifest
    }

    /// Records a fetch and returns its index.
    func begin(url: String, method: String, sentBody: String?, at time: Int, task: URLSessionTask?) -> Int {
        return state.withLock { state in
            if state.firstTask == nil { state.firstTask = task }
            state.fetches.append(Fetch(url: url, method: method, sentBody: sentBody, status: nil, mimeType: nil, bytes: 0,
                                       milliseconds: 0, startedAt: time, completed: false))
            return state.fetches.count - 1
        }
    }

    /// Notes a request that `resume()` has accepted and whose `startLoading` is still to come.
    func expectStart() {
        state.withLock { state in
            state.awaitingStart += 1
            state.used = true
        }
    }

    /// A task of this run, whose session's work queue the simulator waits on.
    var anyTask: URLSessionTask? {
        state.current.firstTask
    }

    /// True once any request of this run reached `resume()`.
    var hasBeenUsed: Bool {
        state.current.used
    }

    /// Notes that a request reached `startLoading` (and has scheduled its response).
    func started() {
        state.withLock { $0.awaitingStart = max(0, $0.awaitingStart - 1) }
        startSignal.broadcast()
    }

    /// Waits until every request `resume()` accepted has reached `startLoading`, or until `deadline`;
    /// woken by each start instead of polling.
    func waitForStarts(until deadline: Date) {
        startSignal.wait(until: deadline) { self.requestsAwaitingStart == 0 }
    }

    /// How many resumed requests have not reached `startLoading` yet.
    var requestsAwaitingStart: Int {
        state.current.awaitingStart
    }

    /// Completes the fetch at `index`.
    func finish(_ index: Int, status: Int?, mimeType: String?, bytes: Int, at time: Int) {
        state.withLock { state in
            guard state.fetches.indices.contains(index) else { return }
            state.fetches[index].status = status
            state.fetches[index].mimeType = mimeType
            state.fetches[index].bytes = bytes
            state.fetches[index].milliseconds = time - state.fetches[index].startedAt
            state.fetches[index].completed = true
        }
    }


    /// The fetches so far, in the order they started. Tasks resumed together reach the protocol in
    /// an order URLSession does not fix, so fetches that start at the same virtual time are sorted
    /// by URL, which keeps records of parallel downloads reproducible.
    var fetches: [Fetch] {
        state.current.fetches.enumerated().sorted { a, b in
            (a.element.startedAt, a.element.url, a.offset) < (b.element.startedAt, b.element.url, b.offset)
        }.map(\.element)
    }
}

extension DeliveryRecord.FetchRecord {
    /// A fetch of the run as the record shows it; `late` when its response came after what it was for was decided.
    init(_ fetch: FixtureNetwork.Fetch, late: Bool) {
        self.init(url: fetch.url, status: fetch.status, mimeType: fetch.mimeType, bytes: fetch.bytes,
                  milliseconds: fetch.completed ? fetch.milliseconds : 0, late: late, method: fetch.method, sentBody: fetch.sentBody)
    }
}
