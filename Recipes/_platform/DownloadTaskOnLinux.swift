// Not a recipe: how the recipes' `URLSession.downloadTask(with:completionHandler:)` runs on Linux.
//
// swift-corelibs-foundation hands a download task's file only from its own HTTP protocol: with a
// custom URLProtocol (the fixtures Pushbook serves), the completion gets a nil location. So on Linux,
// and only there, this module-wide extension takes the place of Foundation's method for the recipes'
// code: it runs a data task on the same session (served by the fixtures as any request), writes the
// body to a temporary file, calls the completion with that file, and deletes the file when the
// completion returns, as URLSession does. On Apple platforms the file is not compiled and the
// recipes call Foundation's own method, exactly as the pages show.
#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
import NotificationSimulator

extension URLSession {
    /// Foundation's download task, on Linux: see the file's comment.
    func downloadTask(with url: URL, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// Foundation's download task, on Linux: see the file's comment.
    func downloadTask(with request: URLRequest, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void) -> URLSessionDownloadTask {
        let dataTask = self.dataTask(with: request) { data, response, error in
            guard let data, error == nil else {
                completionHandler(nil, response, error)
                return
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("CFNetworkDownload_\(UUID().uuidString).tmp")
            do {
                try DownloadFile.write(data, to: file)
            } catch {
                completionHandler(nil, response, error)
                return
            }
            completionHandler(file, response, nil)
            try? FileManager.default.removeItem(at: file)
        }
        return FixtureDownloadTask(dataTask)
    }
}

/// A download task that runs its data task: what `resume()` and `cancel()` do to the one do to the other.
final class FixtureDownloadTask: URLSessionDownloadTask, @unchecked Sendable {
    private let dataTask: URLSessionDataTask

    init(_ dataTask: URLSessionDataTask) {
        self.dataTask = dataTask
        super.init()
    }

    override func resume() { dataTask.resume() }
    override func cancel() { dataTask.cancel() }
    override func suspend() { dataTask.suspend() }
    override var state: URLSessionTask.State { dataTask.state }
    override var response: URLResponse? { dataTask.response }
    override var originalRequest: URLRequest? { dataTask.originalRequest }
    override var currentRequest: URLRequest? { dataTask.currentRequest }
}
#endif
