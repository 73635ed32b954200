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

    @Test("files read through one ContainedFolders: a link, a missing part and a file used as a folder are refused as a single read refuses them, and a folder swapped for a link after it was opened is not followed")
    func foldersKeptOpenRefuseLinks() throws {
        let fm = FileManager.default
        let root = TemporaryFolder.root.appendingPathComponent("pushbook-folders-\(UUID().uuidString)", isDirectory: true)
        let outside = TemporaryFolder.root.appendingPathComponent("pushbook-folders-outside-\(UUID().uuidString)", isDirectory: true)
        defer { try? fm.removeItem(at: root); try? fm.removeItem(at: outside) }
        try fm.createDirectory(at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("one".utf8).write(to: root.appendingPathComponent("a/b/one"))
        try Data("two".utf8).write(to: root.appendingPathComponent("a/b/two"))
        try Data("secret".utf8).write(to: outside.appendingPathComponent("two"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: outside)
        let folders = ContainedFolders(root: root.path)
        #expect(try ContainedFile.read("a/b/one", in: folders) == Array("one".utf8))
        for path in ["link/two", "a/missing/two", "a/b/one/x", "a/../a/b/one"] {
            let single = #expect(throws: ContainedFile.Failure.self) { try ContainedFile.read(path, under: root.path) }
            let kept = #expect(throws: ContainedFile.Failure.self) { try ContainedFile.read(path, in: folders) }
            #expect(single == kept, "\(path)")
        }
        // a/b was opened above: swapped for a link to the outside folder, its files still come from the folder opened.
        try fm.moveItem(at: root.appendingPathComponent("a/b"), to: root.appendingPathComponent("a/old"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("a/b"), withDestinationURL: outside)
        #expect(try ContainedFile.read("a/b/two", in: folders) == Array("two".utf8))
        #expect(throws: ContainedFile.Failure.symlink("a/b")) { try ContainedFile.read("a/b/two", under: root.path) }
    }
}
