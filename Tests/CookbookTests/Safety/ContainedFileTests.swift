import Foundation
import Testing
@testable import Cookbook
import ToolchainSupport

/// `ContainedFile.read`: the bytes of a file whatever its size, also one whose size `fstat` does not
/// know (it reads past the size it was given, up to the limit).
@Suite("Safety: contained file reads")
struct ContainedFileTests {
    @Test("files of every size around the read's steps come back byte for byte; a file over the limit is refused")
    func sizes() throws {
        let root = TemporaryFolder.root.appendingPathComponent("pushbook-contained-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for size in [0, 1, 4095, 4096, 4097, 26_000, 100_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + size) }
            try Data(bytes).write(to: root.appendingPathComponent("f\(size)"))
            #expect(try ContainedFile.read("f\(size)", under: root.path) == bytes, "size \(size)")
            if size > 0 { #expect(throws: ContainedFile.Failure.self) { try ContainedFile.read("f\(size)", under: root.path, limit: size - 1) } }
        }
    }

    @Test("a file whose size fstat gives as 0 (a /proc file) is read to its end")
    func unknownSize() throws {
        let status = try ContainedFile.read("status", under: "/proc/\(getpid())")
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        #expect(status.count > 200)
    }
}
