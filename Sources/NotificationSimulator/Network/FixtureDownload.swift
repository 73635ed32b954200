import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLSession` download task for the model's own code (Firebase's helper), on every platform.
///
/// On Apple platforms this is Foundation's `downloadTask(with:completionHandler:)`. swift-corelibs-foundation
/// hands a download task's file only from its own HTTP protocol, not from the fixture protocol, so on
/// Linux it is a data task on the same session whose body is written to a temporary file, handed to the
/// completion, and deleted when the completion returns, as URLSession does (the recipes' code gets the
/// same from `Recipes/_platform`).
enum FixtureDownload {
    /// A task that downloads `url` to a temporary file and calls `completion` with it.
    static func downloadTask(in session: URLSession, with url: URL,
                             completion: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask {
        #if canImport(FoundationNetworking)
        return session.dataTask(with: url) { data, response, error in
            guard let data, error == nil else {
                completion(nil, response, error)
                return
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("CFNetworkDownload_\(UUID().uuidString).tmp")
            do {
                try DownloadFile.write(data, to: file)
            } catch {
                completion(nil, response, error)
                return
            }
            completion(file, response, nil)
            try? FileManager.default.removeItem(at: file)
        }
        #else
        return session.downloadTask(with: url, completionHandler: completion)
        #endif
    }
}
