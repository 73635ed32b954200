import Foundation
import Testing
@testable import NotificationSimulator

/// The file a download hands its completion holds the body's bytes exactly, zero runs included.
@Suite("Downloaded files")
struct DownloadFileTests {
    @Test("a body of zero runs, bytes between and a zero tail reads back byte for byte, and replaces an older file")
    func bodyReadsBackExactly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("download-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("body.tmp")
        try Data(repeating: 7, count: 5 * DownloadFile.block).write(to: file)
        var body = Data(count: 3 * DownloadFile.block + 123)
        body[0] = 0x89
        body[DownloadFile.block + 5] = 1
        body[2 * DownloadFile.block - 1] = 2
        for (index, body) in [body, Data(count: DownloadFile.block * 2 + 1), Data([1, 2, 3]), Data()].enumerated() {
            try DownloadFile.write(body, to: file)
            #expect(try Data(contentsOf: file) == body, "body \(index)")
        }
    }

    @Test("a padded fixture serves its file's bytes, then zeros, to the padded size")
    func paddedFixture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("padded-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("a.png"))
        try Data(#"{"https://x.example/a.png": {"file": "a.png", "padToBytes": 100000}}"#.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        let body = try #require(try FixtureManifest.load(from: folder.appendingPathComponent("manifest.json")).entry(for: "https://x.example/a.png")?.body)
        #expect(body == Data([0x89, 0x50, 0x4E, 0x47]) + Data(count: 100000 - 4))
    }
}
