import Foundation
import Testing
@testable import Cookbook
import ToolchainSupport
#if canImport(Glibc)
import Glibc
#endif

/// The folders of a replaced site are kept beside `--out`, emptied of their files, and the next
/// build's staging folder is made of them; anything in them but folders makes them unusable.
@Suite("Site: the folders kept for the next build")
struct KeptFoldersTests {
    /// A workspace folder and the `out` site inside it.
    private static func workspace() -> (folder: URL, out: URL) {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-kept-\(UUID().uuidString)", isDirectory: true)
        return (folder, folder.appendingPathComponent("out", isDirectory: true))
    }

    /// One build's output step with `files` (path: text): staged, committed and the old site removed.
    /// Returns what the staging folder held before anything was written into it.
    @discardableResult
    private static func build(_ files: [String: String], into out: URL) throws -> [DirectoryWalker.Entry] {
        let transaction = try SiteTransaction(output: out, shown: "out", protected: [], waiting: {})
        let before = DirectoryWalker.entries(under: transaction.staging.path)
        for (path, text) in files { try FileWriter.place(Array(text.utf8), at: path, under: transaction.staging.path, linkingFrom: nil) }
        try transaction.commit(files: files.keys.sorted())
        #expect(transaction.removeOldSite() == nil)
        return before
    }

    private static let site = ["index.html": "home", "downloads/a/x.txt": "x", "downloads/b/y.txt": "y", "media/c/d/e.png": "e"]

    /// The entries of `folder`, as paths with a trailing `/` for a folder.
    private static func listing(_ folder: URL) -> [String] {
        DirectoryWalker.entries(under: folder.path).map { $0.kind == .directory ? $0.path + "/" : $0.path }.sorted()
    }

    @Test("a replaced site leaves its folders beside --out, without a file but the staging manifest, and the next staging folder is made of them")
    func replacedSiteFoldersAreReused() throws {
        let (folder, out) = Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.build(Self.site, into: out)
        try Self.build(Self.site.mapValues { $0 + " 2" }, into: out)
        let kept = URL(fileURLWithPath: AtomicDirectory.keptFolders(of: SiteFolder.canonicalPath(out)))
        #expect(kept.lastPathComponent == ".out.pushbook-folders")
        #expect(Self.listing(kept) == [SiteFolder.manifestName, "downloads/", "downloads/a/", "downloads/b/", "media/", "media/c/", "media/c/d/"])
        #expect(try String(contentsOf: kept.appendingPathComponent(SiteFolder.manifestName), encoding: .utf8) == SiteFolder.stagingHeader + "\n")
        let staged = try Self.build(Self.site.mapValues { $0 + " 3" }, into: out)
        #expect(staged.filter { $0.kind == .directory }.map(\.path) == ["downloads", "downloads/a", "downloads/b", "media", "media/c", "media/c/d"])
        #expect(try String(contentsOf: out.appendingPathComponent("media/c/d/e.png"), encoding: .utf8) == "e 3")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".out.pushbook-folders", ".out.pushbook-lock", "out"])
    }

    @Test("folders of the kept ones that no file of the new site needs are not in it, and a file goes where kept folders were")
    func foldersNoFileNeedsAreRemoved() throws {
        let (folder, out) = Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.build(Self.site.merging(["media/c/d/f/h/g.png": "g"]) { a, _ in a }, into: out)
        try Self.build(Self.site, into: out)
        try Self.build(["index.html": "home", "downloads/a/x.txt": "x", "media/c/d/f": "now a file"], into: out)
        #expect(Self.listing(out) == [SiteFolder.manifestName, "downloads/", "downloads/a/", "downloads/a/x.txt", "index.html", "media/", "media/c/", "media/c/d/", "media/c/d/f"])
        #expect(try String(contentsOf: out.appendingPathComponent("media/c/d/f"), encoding: .utf8) == "now a file")
    }

    @Test("kept folders holding a file, a symbolic link or a folder others may write are not reused but removed, and what the link points to stays",
          arguments: ["file", "link", "writable", "unlistable", "deep"])
    func tamperedKeptFoldersAreNotReused(tampering: String) throws {
        let (folder, out) = Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.build(Self.site, into: out)
        try Self.build(Self.site, into: out)
        let kept = AtomicDirectory.keptFolders(of: SiteFolder.canonicalPath(out))
        let outside = folder.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "mine".write(to: outside.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        switch tampering {
        case "file": try "planted".write(toFile: kept + "/downloads/a/planted.txt", atomically: false, encoding: .utf8)
        case "link":
            #expect(rmdir(kept + "/downloads/b") == 0)
            #expect(symlink(outside.path, kept + "/downloads/b") == 0)
        case "writable": #expect(chmod(kept + "/media/c", 0o777) == 0)
        case "unlistable":
            try "hidden".write(toFile: kept + "/media/c/hidden.html", atomically: false, encoding: .utf8)
            #expect(chmod(kept + "/media/c", 0o311) == 0)
        default:
            let deep = (0..<70).map { "d\($0)" }.joined(separator: "/")
            try FileManager.default.createDirectory(atPath: kept + "/downloads/a/" + deep, withIntermediateDirectories: true)
            try "hidden".write(toFile: kept + "/downloads/a/" + deep + "/hidden.html", atomically: false, encoding: .utf8)
        }
        let staged = try Self.build(Self.site, into: out)
        #expect(staged.map(\.path) == [SiteFolder.manifestName], "\(staged)")
        #expect(Self.listing(out) == [SiteFolder.manifestName, "downloads/", "downloads/a/", "downloads/a/x.txt", "downloads/b/", "downloads/b/y.txt",
                                      "index.html", "media/", "media/c/", "media/c/d/", "media/c/d/e.png"])
        #expect(try String(contentsOf: outside.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["notes.txt"])
        #expect(try String(contentsOf: out.appendingPathComponent("downloads/b/y.txt"), encoding: .utf8) == "y")
        // The kept folders now are this build's: folders only again.
        #expect(Self.listing(URL(fileURLWithPath: kept)).allSatisfy { $0.hasSuffix("/") || $0 == SiteFolder.manifestName })
    }

    @Test("a folder named like the kept folders that holds the user's files is left alone, and the replaced site is removed whole")
    func foreignKeptFoldersAreLeftAlone() throws {
        let (folder, out) = Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent(".out.pushbook-folders", isDirectory: true)
        try FileManager.default.createDirectory(at: kept.appendingPathComponent("downloads"), withIntermediateDirectories: true)
        try "mine".write(to: kept.appendingPathComponent("diary.txt"), atomically: true, encoding: .utf8)
        try Self.build(Self.site, into: out)
        let staged = try Self.build(Self.site, into: out)
        #expect(staged.map(\.path) == [SiteFolder.manifestName])
        #expect(Self.listing(kept) == ["diary.txt", "downloads/"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".out.pushbook-folders", ".out.pushbook-lock", "out"])
    }

    @Test("a site file goes where folders holding only folders were; a folder holding a file stays and the write fails; a plain save never removes a folder")
    func siteFileReplacesFoldersOnly() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-create-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty/sub/deeper"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("full/sub"), withIntermediateDirectories: true)
        try "kept".write(to: folder.appendingPathComponent("full/sub/inside.txt"), atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try FileWriter.save("a file", to: folder.appendingPathComponent("empty")) }
        try FileWriter.place(Array("a file".utf8), at: "empty", under: folder.path, linkingFrom: nil)
        #expect(try String(contentsOf: folder.appendingPathComponent("empty"), encoding: .utf8) == "a file")
        #expect(throws: (any Error).self) { try FileWriter.place(Array("a file".utf8), at: "full", under: folder.path, linkingFrom: nil) }
        #expect(try String(contentsOf: folder.appendingPathComponent("full/sub/inside.txt"), encoding: .utf8) == "kept")
    }
}
