import Foundation
import Testing
@testable import Cookbook
import NotificationSimulator
import ToolchainSupport
#if canImport(Glibc)
import Glibc
#endif

/// The walks at the start and end of a build: the fingerprint is one walk's lines by path, fails
/// where a name cannot be written down, and stops (without a crash) at any depth; the manifest's
/// folders are the ones splitting every path gave; a stale stamp is set aside without taking the lock.
@Suite("Site walks")
struct SiteWalkTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushbook-walk-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Files at every depth: top-level files, `width` folders with files and folders, an empty folder.
    private static func tree(in root: URL, width: Int = 7) throws {
        let fm = FileManager.default
        for top in 0..<width {
            let group = root.appendingPathComponent("group-\(top)", isDirectory: true)
            try fm.createDirectory(at: group.appendingPathComponent("deep/deeper", isDirectory: true), withIntermediateDirectories: true)
            for file in 0..<(top + 1) { try Data("\(top)-\(file)".utf8).write(to: group.appendingPathComponent("file-\(file).txt")) }
            try Data("deep".utf8).write(to: group.appendingPathComponent("deep/deeper/leaf-\(top).txt"))
            // Folders whose names start with a combining mark: the slash before it and the mark are one
            // character, so only a split of the bytes finds the names.
            for marked in ["\u{301}marked", "deep/\u{301}marked"] {
                try fm.createDirectory(at: group.appendingPathComponent(marked, isDirectory: true), withIntermediateDirectories: true)
                try Data("marked".utf8).write(to: group.appendingPathComponent(marked + "/leaf.txt"))
            }
        }
        try fm.createDirectory(at: root.appendingPathComponent("empty", isDirectory: true), withIntermediateDirectories: true)
        try Data("top".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("hidden".utf8).write(to: root.appendingPathComponent(".hidden"))
    }

    /// What one plain walk by path gives: each entry's line digested per group, in path order.
    private static func reference(_ root: String, skipHidden: Bool) -> FileFingerprint {
        var entries: [(path: String, group: String, fields: (Int64, Int64, Int64, Int64, Int64, Int64, Int64))] = []
        func walk(_ relative: String) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? root : root + "/" + relative)) ?? []
            for name in names {
                if skipHidden && relative.isEmpty && name.hasPrefix(".") { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                lstat(root + "/" + path, &info)
                let group = String(decoding: path.utf8.prefix { $0 != UInt8(ascii: "/") }, as: UTF8.self)
                if info.st_mode & S_IFMT == S_IFDIR {
                    entries.append((path, group, (-1, 0, 0, 0, 0, 0, 0)))
                    walk(path)
                } else {
                    let ns = { (t: timespec) in Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec) }
                    entries.append((path, relative.isEmpty ? "" : group, (Int64(info.st_mode), Int64(info.st_size), ns(info.st_mtim), ns(info.st_ctim),
                                                                         Int64(bitPattern: UInt64(info.st_ino)), Int64(bitPattern: UInt64(info.st_dev)), Int64(info.st_nlink))))
                }
            }
        }
        walk("")
        var lines: [String: ContentHash] = [:]
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            lines[entry.group, default: ContentHash()].update(entry.path)
            withUnsafeBytes(of: entry.fields) { lines[entry.group]!.update(raw: $0) }
        }
        var groups: [String: MetadataDigest] = [:]
        var whole = ContentHash()
        for (group, hash) in lines.sorted(by: { $0.key < $1.key }) {
            groups[group] = .stable(hash.hex)
            whole.update(group)
            whole.update(hash.hex)
        }
        return FileFingerprint(groups: groups, whole: .stable(whole.hex))
    }

    @Test("the fingerprint is the one a plain walk by path gives, hidden names and names starting with a combining mark included, for few top-level folders (walked two levels down on every core) and many (walked one level down)",
          arguments: [7, 40])
    func fingerprintIsOneWalksLines(width: Int) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.tree(in: root, width: width)
        for skipHidden in [false, true] {
            let walked = try #require(FileFingerprint.of(root.path, skipHidden: skipHidden, racyCheck: false))
            #expect(walked == Self.reference(root.path, skipHidden: skipHidden))
            #expect(walked.groups.count == width + 1 + 1)
        }
    }

    @Test("names that sort around a folder's slash (a, a-b, a.c, a/x, a0), at the top and below, give one walk's fingerprint, and the walker lists the entries sorted by path")
    func namesAroundASlashKeepPathOrder() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for folder in ["g/d/x", "g/d.f/y", "g.2/x", "g-3", "h/d-e/q"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder, isDirectory: true), withIntermediateDirectories: true)
        }
        for file in ["g-1", "g0", "g.2/x/leaf", "g/d-e", "g/d0", "g/d/x/z", "g/d/z", "g/d.f/y/w", "g/d.f-1", "g-3/a", "h/d", "h/d-e/q/r", "h.txt"] {
            try Data(file.utf8).write(to: root.appendingPathComponent(file))
        }
        let walked = try #require(FileFingerprint.of(root.path, racyCheck: false))
        #expect(walked == Self.reference(root.path, skipHidden: false))
        let paths = DirectoryWalker.entries(under: root.path).map(\.path)
        #expect(paths == paths.sorted())
        #expect(paths.count == 11 + 13, "every folder and file once")
    }

    @Test("a name that is not UTF-8, at any depth, makes the fingerprint fail", arguments: [1, 2])
    func badNameFails(depth: Int) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.tree(in: root)
        let parent = depth == 1 ? root.appendingPathComponent("group-4").path : root.appendingPathComponent("group-5/deep").path
        let descriptor = open(parent, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let name: [UInt8] = [0x62, 0xFF, 0x61, 0]
        let file = name.withUnsafeBufferPointer {
            $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: name.count) { openat(descriptor, $0, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(file >= 0)
        close(file)
        #expect(FileFingerprint.of(root.path, racyCheck: false) == nil)
    }

    @Test("a file changed just now makes its group racy, and the whole with it; the others stay stable")
    func racyGroup() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.tree(in: root)
        let fingerprint = try #require(FileFingerprint.of(root.path))
        #expect(fingerprint.whole == .racy)
        #expect(fingerprint.groups["group-6"] == .racy)
        #expect(!MetadataDigest.racy.vouches(for: .racy))
    }

    @Test("a tree nested 20,000 folders deep is walked without a crash: the walker stops at its depth and says where, the fingerprint fails")
    func deepTreeStopsTheWalks() throws {
        let root = try Self.folder()
        defer { DeepFolder.remove(root) }
        try DeepFolder.make(in: root, depth: 20_000)
        let listing = DirectoryWalker.listing(under: root.path)
        #expect(listing.entries.count == DirectoryWalker.maximumDepth + 1)
        #expect(listing.tooDeep == Array(repeating: "d", count: DirectoryWalker.maximumDepth + 1).joined(separator: "/"))
        #expect(FileFingerprint.of(root.path) == nil)
        #expect(ContentHash.ofFolder(root).hex == ContentHash().hex, "no file is hashed, and nothing crashes")
    }

    @Test("the folders a manifest lists are every parent of every listed path, as splitting each path gave")
    func listedFoldersAreEveryParent() {
        let files: Set<String> = ["index.html", "recipes/a.html", "recipes/b.html", "downloads/a/x.json", "downloads/a/y/z.json",
                                  "downloads/b/x.json", "a//b/c", "/lead/x", "trail/y/", "deep/er/est/file", "deep/er/other"]
        var expected: Set<String> = []
        for file in files {
            var parts = file.split(separator: "/").dropLast()
            while !parts.isEmpty { expected.insert(parts.joined(separator: "/")); parts = parts.dropLast() }
        }
        #expect(SiteFolder.listedFolders(of: files) == expected)
        #expect(!SiteFolder.listedFolders(of: files).contains("trail/y"))
    }

    @Test("a stamp that records other inputs is set aside at once: the lock is not waited for")
    func staleStampTakesNoLock() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let recipes = root.appendingPathComponent("recipes", isDirectory: true)
        try FileManager.default.createDirectory(at: recipes.appendingPathComponent("one"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: recipes.appendingPathComponent("one/recipe.md"))
        let out = root.appendingPathComponent("out", isDirectory: true)
        let cache = root.appendingPathComponent("cache", isDirectory: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let target = SiteFolder.canonicalPath(out)
        let settings = BuildStamp.settings(recipes: SiteFolder.canonicalPath(recipes), displayRoot: "recipes", target: target)
        try BuildStamp(tool: "tool", settings: settings, inputs: .stable("stale"), site: "stale", keys: ["one": "k"]).write(in: SiteFolder.canonicalPath(cache))
        let inputs = try #require(FileFingerprint.of(recipes.path, skipHidden: true, racyCheck: false))
        let waited = Locked(false)
        let done = DispatchSemaphore(value: 0)
        // The lock is held while the stamp is compared, and let go at the end of this block (after five seconds at most).
        let finished: Bool
        do {
            let held = try BuildLock(for: target) {}
            Thread.detachNewThread {
                _ = BuildStamp.upToDate(target: target, shown: "out", cache: SiteFolder.canonicalPath(cache), protected: [], tool: "tool",
                                        settings: settings, inputs: inputs) { waited.withLock { $0 = true } }
                done.signal()
            }
            finished = withExtendedLifetime(held) { done.wait(timeout: .now() + 5) == .success }
        }
        if !finished { done.wait() }
        #expect(finished && !waited.current, "the build waited for the lock to compare a stamp that could not match")
    }

    @Test("a stamp's text reads back as itself, racy inputs and keys included; a cut, an extra line, a bad count or a key out of order does not read")
    func stampTextRoundTrips() throws {
        let stamp = BuildStamp(tool: "t", settings: "s", inputs: .stable("i"), site: "x", keys: ["b": "k2", "a": "k1"])
        #expect(stamp.text.hasSuffix("recipes 2\nkey a k1\nkey b k2\n"))
        #expect(BuildStamp.parse(Array(stamp.text.utf8)) == stamp)
        var racy = stamp
        racy.inputs = .racy
        #expect(racy.text.contains("\ninputs racy\n") && BuildStamp.parse(Array(racy.text.utf8)) == racy)
        #expect(BuildStamp.parse(Array(stamp.text.utf8.dropLast())) == nil)
        #expect(BuildStamp.parse(Array((stamp.text + "more\n").utf8)) == nil)
        #expect(BuildStamp.parse(Array((stamp.text + "key c k3\n").utf8)) == nil)
        #expect(BuildStamp.parse(Array(stamp.text.replacingOccurrences(of: "recipes 2", with: "recipes -1").utf8)) == nil)
        #expect(BuildStamp.parse(Array(stamp.text.replacingOccurrences(of: "key a k1\nkey b k2", with: "key b k2\nkey a k1").utf8)) == nil)
        #expect(BuildStamp.parse(Array(stamp.text.replacingOccurrences(of: "key a k1\nkey b k2", with: "key a k1\nkey a k2").utf8)) == nil)
        #expect(BuildStamp.parse(Array(stamp.text.replacingOccurrences(of: "key a", with: "key ../a").utf8)) == nil)
    }
}
