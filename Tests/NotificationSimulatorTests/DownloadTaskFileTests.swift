import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Payloads
@testable import NotificationSimulator
import TestProcess
import ToolchainSupport

/// What a download task's completion handler sees in its file, and what is left of it afterwards.
final class DownloadProbe: @unchecked Sendable {
    /// The file the handler was given.
    var location: URL?
    /// The file's bytes, read inside the handler.
    var bytesInside: Data?
    /// Whether the file was there when the handler was about to return.
    var existedAtReturn = false
}

/// An extension that downloads one URL with the simulator's download task and notes what its handler saw.
final class ProbingDownloadExtension: UNNotificationServiceExtension, @unchecked Sendable {
    let probe: DownloadProbe
    init(probe: DownloadProbe) { self.probe = probe }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let probe = self.probe
        let finish = UncheckedBox((contentHandler, request.content))
        FixtureDownload.downloadTask(in: URLSession.shared, with: URL(string: "https://img.example.com/a.png")!) { location, _, _ in
            probe.location = location
            probe.bytesInside = location.flatMap { FileManager.default.contents(atPath: $0.path) }
            probe.existedAtReturn = location.map { FileManager.default.fileExists(atPath: $0.path) } ?? false
            finish.value.0(finish.value.1)
        }.resume()
    }
}

@Suite("A download task's temporary file", .serialized)
struct DownloadTaskFileTests {
    @Test("the file is readable inside the completion handler and gone once the handler returns, as URLSession deletes it")
    func fileIsGoneAfterTheHandler() throws {
        let probe = DownloadProbe()
        let push = #"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 1}}"#
        let record = NotificationDevice(manifest: TestSupport.manifest(url: "https://img.example.com/a.png", bytes: 1_234, latency: 50))
            .deliver(TestSupport.lint(push), makeExtension: { ProbingDownloadExtension(probe: probe) })
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        let location = try #require(probe.location, "the handler got a file")
        #expect(probe.bytesInside == TestSupport.pngBytes(1_234), "the handler reads the downloaded bytes")
        #expect(probe.existedAtReturn, "the file is there until the handler returns")
        #expect(!FileManager.default.fileExists(atPath: location.path), "the file is deleted when the handler returns")
    }
}

@Suite("The test process's temporary folder")
struct TestProcessFolderTests {
    @Test("recipe code run in the test process writes into the process's own folder, which TMPDIR names, and the tests' folders are inside it")
    func recipeCodeWritesIntoTheProcessFolder() throws {
        let folder = try #require(pushbook_test_process_temporary_folder().map { String(cString: $0) }, "the test process has its own folder")
        #expect(FileManager.default.temporaryDirectory.standardizedFileURL.path == URL(fileURLWithPath: folder).standardizedFileURL.path)
        #expect(URL(fileURLWithPath: folder).lastPathComponent.hasPrefix("pushbook-test-process-"))
        #expect(TemporaryFolder.root.path.hasPrefix(folder + "/"))
    }
}
