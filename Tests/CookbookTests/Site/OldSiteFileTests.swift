import Foundation
import Testing
@testable import Cookbook
import ToolchainSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Old site files taken over by a link, and removed by folder")
struct OldSiteFileTests {
    /// An old site with `downloads/a/f.txt` ("hello") and a staging folder beside it.
    private func layout(_ root: URL) throws -> (site: String, staging: String) {
        let site = root.appendingPathComponent("site").path, staging = root.appendingPathComponent("staging").path
        try FileManager.default.createDirectory(atPath: site + "/downloads/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try FileWriter.save(Array("hello".utf8), to: site + "/downloads/a/f.txt")
        return (site, staging)
    }

    private func links(_ path: String) -> Int {
        var info = stat()
        return lstat(path, &info) == 0 ? Int(info.st_nlink) : -1
    }

    @Test("a regular file of the recorded size is linked in, its folders made; another size, or bytes that differ, are not")
    func takesTheVeryFile() throws {
        try TemporaryFolder.with("pushbook-oldsite") { root in
            let (site, staging) = try layout(root)
            let linker = OldSiteFile.Linker(site: site, staging: staging)
            #expect(linker.take("downloads/a/f.txt", size: 4) == nil)
            #expect(linker.take("downloads/a/f.txt", size: 5, expected: Array("hellO".utf8)) == nil)
            #expect(linker.take("downloads/a/f.txt", size: 5, reading: true) == Array("hello".utf8))
            #expect(links(staging + "/downloads/a/f.txt") == 2)
            #expect(!OldSiteFile.take("downloads/a/f.txt", from: site, into: staging, bytes: Array("hello".utf8)))  // now two links
        }
    }

    @Test("a file with a second link, a symbolic link, or a file under a linked folder is not taken over, and staging holds nothing of it")
    func refusesWhatIsNotTheSitesAlone() throws {
        try TemporaryFolder.with("pushbook-oldsite") { root in
            let (site, staging) = try layout(root)
            let outside = root.appendingPathComponent("outside.txt").path
            try FileWriter.save(Array("hello".utf8), to: outside)
            #expect(link(site + "/downloads/a/f.txt", root.appendingPathComponent("other").path) == 0)
            #expect(OldSiteFile.take("downloads/a/f.txt", from: site, into: staging, size: 5, reading: false) == nil)
            #expect(symlink(outside, site + "/downloads/a/g.txt") == 0)
            #expect(OldSiteFile.take("downloads/a/g.txt", from: site, into: staging, size: 5, reading: false) == nil)
            try FileManager.default.createDirectory(atPath: root.appendingPathComponent("elsewhere").path, withIntermediateDirectories: true)
            try FileWriter.save(Array("hello".utf8), to: root.appendingPathComponent("elsewhere/h.txt").path)
            #expect(symlink(root.appendingPathComponent("elsewhere").path, site + "/downloads/b") == 0)
            #expect(OldSiteFile.take("downloads/b/h.txt", from: site, into: staging, size: 5, reading: true) == nil)
            #expect(OldSiteFile.take("../outside.txt", from: site, into: staging, size: 5, reading: false) == nil)
            #expect(DirectoryWalker.files(under: staging).isEmpty)
            #expect(links(outside) == 1)
        }
    }

    @Test("removing an owned folder removes links, never what they point to, and the folder goes whole")
    func removalLeavesLinkTargets() throws {
        try TemporaryFolder.with("pushbook-oldsite") { root in
            let (site, _) = try layout(root)
            let outside = root.appendingPathComponent("keep")
            try FileManager.default.createDirectory(atPath: outside.path + "/inner", withIntermediateDirectories: true)
            try FileWriter.save(Array("keep".utf8), to: outside.path + "/inner/k.txt")
            #expect(symlink(outside.path, site + "/downloads/linked") == 0)
            #expect(symlink(outside.path, site + "/top-link") == 0)
            for index in 0..<40 { try FileWriter.save(Array("x".utf8), to: site + "/downloads/a/\(index).txt") }
            try FileWriter.save(SiteFolder.manifest(files: []), to: URL(fileURLWithPath: site + "/" + SiteFolder.manifestName))
            SiteFolder.removeOwned(site)
            #expect(!FileManager.default.fileExists(atPath: site))
            #expect(FileManager.default.contents(atPath: outside.path + "/inner/k.txt") == Data("keep".utf8))
        }
    }
}
