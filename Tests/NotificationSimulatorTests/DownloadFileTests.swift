import Foundation
#if canImport(Glibc)
import Glibc
#endif
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

    #if canImport(Glibc)
    @Test("a padded fixture's zeros are left as holes without being read: none of their pages is ever mapped")
    func paddedZerosAreNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("padded-unread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let head = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 | 1) })
        try head.write(to: folder.appendingPathComponent("a.jpg"))
        let size = 64 * DownloadFile.block + 17
        try Data(#"{"https://x.example/a.jpg": {"file": "a.jpg", "padToBytes": \#(size)}}"#.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        let body = try #require(try FixtureManifest.load(from: folder.appendingPathComponent("manifest.json")).entry(for: "https://x.example/a.jpg")?.body)
        let file = folder.appendingPathComponent("body.tmp")
        try DownloadFile.write(body, to: file)
        // Resident pages of the body after the head's pages (mincore counts a read-mapped zero page too).
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let resident: Int = body.withUnsafeBytes { raw in
            let first = (head.count + page - 1) / page * page
            let length = raw.count - first
            var vector = [UInt8](repeating: 0, count: (length + page - 1) / page)
            guard mincore(UnsafeMutableRawPointer(mutating: raw.baseAddress! + first), length, &vector) == 0 else { return -1 }
            return vector.filter { $0 & 1 == 1 }.count
        }
        #expect(resident == 0)
        let written = try Data(contentsOf: file)
        #expect(written.count == size)
        #expect(written.prefix(head.count) == head)
        #expect(!written.dropFirst(head.count).contains { $0 != 0 })
        // A body that only looks the same (same bytes, other storage) is tested block by block and reads back the same.
        let copy = Data(Array(body))
        try DownloadFile.write(copy, to: file)
        #expect(try Data(contentsOf: file) == copy)
    }
    #endif
}
