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
        #expect(URL(fileURLWithPath: folder).lastPathComponent.hasPrefix("pushbook-test-process-\(getpid())-"))
        #expect(TemporaryFolder.root.path.hasPrefix(folder + "/"))
    }

    @Test("a folder a test process killed with SIGKILL left is removed by the next one; a live process's, a locked one, a symbolic link and other names stay")
    func leftoversOfKilledTestProcesses() throws {
        let base = TemporaryFolder.root.appendingPathComponent("reclaim-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        // A process id that is gone: a child that has exited and been waited for.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let gone = child.processIdentifier
        let names = ["dead": "pushbook-test-process-\(gone)-AbC123", "live": "pushbook-test-process-\(getppid())-AbC123",
                     "locked": "pushbook-test-process-\(gone)-LoCk00", "other": "pushbook-\(gone)-AbC123", "short": "pushbook-test-process-\(gone)-AbC"]
        for name in names.values {
            try FileManager.default.createDirectory(atPath: base + "/" + name + "/tmp", withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/" + name + "/tmp/file"))
        }
        let outside = base + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside + "/file"))
        try FileManager.default.createSymbolicLink(atPath: base + "/pushbook-test-process-\(gone)-LiNk00", withDestinationPath: outside)
        let lock = open(base + "/" + names["locked"]!, O_RDONLY | O_DIRECTORY)
        #expect(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
        defer { close(lock) }

        pushbook_test_process_reclaim_leftovers(base)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: base))
        #expect(!left.contains(names["dead"]!), "a gone process's folder is removed")
        #expect(left.isSuperset(of: [names["live"]!, names["locked"]!, names["other"]!, names["short"]!, "pushbook-test-process-\(gone)-LiNk00", "outside"]), "\(left.sorted())")
        #expect(FileManager.default.fileExists(atPath: outside + "/file"), "a symbolic link is not followed")
    }
}
