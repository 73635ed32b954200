import Foundation
import Testing
@testable import Cookbook
import NotificationSimulator
#if canImport(Glibc)
import Glibc
#endif

/// The walks at the start and end of a build (issue 15, session 5): the fingerprint shared out over
/// two threads gives what one walk gave, and fails as one walk failed; the manifest's folders are
/// the ones splitting every path gave; a stale stamp is set aside without taking the lock.
@Suite("Site walks", .serialized)
struct SiteWalkTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushbook-walk-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Files at every depth: top-level files, folders with files and folders, an empty folder.
    private static func tree(in root: URL) throws {
        let fm = FileManager.default
        for top in 0..<7 {
            let group = root.appendingPathComponent("group-\(top)", isDirectory: true)
            try fm.createDirectory(at: group.appendingPathComponent("deep/deeper", isDirectory: true), withIntermediateDirectories: true)
            for file in 0..<(top + 1) { try Data("\(top)-\(file)".utf8).write(to: group.appendingPathComponent("file-\(file).txt")) }
            try Data("deep".utf8).write(to: group.appendingPathComponent("deep/deeper/leaf-\(top).txt"))
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
                let group = String(path.split(separator: "/").first!)
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
        var groups: [String: String] = [:]
        var whole = ContentHash()
        for (group, hash) in lines.sorted(by: { $0.key < $1.key }) {
            groups[group] = hash.hex
            whole.update(group)
            whole.update(hash.hex)
        }
        return FileFingerprint(groups: groups, whole: whole.hex)
    }

    @Test("the fingerprint shared out over two threads is the one a single walk by path gives, hidden names left out or not")
    func twoLanesGiveOneWalksFingerprint() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.tree(in: root)
        for skipHidden in [false, true] {
            let lanes = try #require(FileFingerprint.of(root.path, skipHidden: skipHidden, racyCheck: false))
            #expect(lanes == Self.reference(root.path, skipHidden: skipHidden))
        }
        // A change deep in one group changes that group only.
        let before = try #require(FileFingerprint.of(root.path, racyCheck: false))
        try Data("changed".utf8).write(to: root.appendingPathComponent("group-3/deep/deeper/leaf-3.txt"))
        let after = try #require(FileFingerprint.of(root.path, racyCheck: false))
        #expect(after.groups.filter { before.groups[$0.key] != $0.value }.map(\.key) == ["group-3"])
    }

    @Test("a folder of hundreds of entries beside small ones, shared out a few entries at a time, gives one walk's fingerprint and the survey's entries in path order")
    func manyEntriesInOneFolder() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.tree(in: root)
        let big = root.appendingPathComponent("big", isDirectory: true)
        try FileManager.default.createDirectory(at: big.appendingPathComponent("sub", isDirectory: true), withIntermediateDirectories: true)
        for file in 0..<300 { try Data("\(file)".utf8).write(to: big.appendingPathComponent("f\(file)")) }
        for file in 0..<40 { try Data("\(file)".utf8).write(to: big.appendingPathComponent("sub/g\(file)")) }
        let lanes = try #require(FileFingerprint.of(root.path, racyCheck: false))
        #expect(lanes == Self.reference(root.path, skipHidden: false))
        let survey = try #require(FileFingerprint.survey(root.path))
        #expect(survey.entries.map(\.path) == DirectoryWalker.entries(under: root.path).map(\.path))
        #expect(survey.entries.count == 300 + 40 + 1 + 1 + 7 * 4 + (1 + 2 + 3 + 4 + 5 + 6 + 7) + 3)
    }

    @Test("names that sort around a folder's slash (a, a-b, a.c, a/x, a0), at the top and below, give one walk's fingerprint, and the survey lists the entries sorted by path")
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
        let survey = try #require(FileFingerprint.survey(root.path))
        let paths = survey.entries.map(\.path)
        #expect(paths == paths.sorted())
        #expect(paths.firstIndex(of: "g") ?? 0 < paths.firstIndex(of: "g-1") ?? 0)
        #expect(paths.firstIndex(of: "g-1") ?? 0 < paths.firstIndex(of: "g/d") ?? 0)
        #expect(survey.entries == DirectoryWalker.entries(under: root.path))
    }

    @Test("a name below a top-level folder that is not UTF-8 makes the fingerprint fail, whichever thread meets it", arguments: [1, 2])
    func badNameInALaneFails(depth: Int) throws {
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

    @Test("a file changed just now makes its group racy, and the whole with it, when it sits below a top-level folder")
    func racyGroupFromALane() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.tree(in: root)
        let fingerprint = try #require(FileFingerprint.of(root.path))
        #expect(fingerprint.whole == FileFingerprint.racy)
        #expect(fingerprint.groups["group-6"] == FileFingerprint.racy)
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

    @Test("a stamp read before the lock that records other inputs is set aside at once: the lock is not waited for")
    func staleStampTakesNoLock() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let recipes = root.appendingPathComponent("recipes", isDirectory: true)
        try FileManager.default.createDirectory(at: recipes.appendingPathComponent("one"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: recipes.appendingPathComponent("one/recipe.md"))
        let out = root.appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let target = SiteFolder.canonicalPath(out)
        let settings = BuildStamp.settings(recipes: SiteFolder.canonicalPath(recipes), displayRoot: "recipes", target: target)
        try BuildStamp(tool: "tool", settings: settings, inputs: "stale", site: "stale", recipes: [:]).write(for: target)
        let comparison = try #require(BuildStamp.Comparison(recipesFolder: recipes, displayRoot: "recipes", output: out, tool: "tool",
                                                            cacheFolder: root.appendingPathComponent("cache")))
        try #require(comparison.previous != nil)
        var held: BuildLock? = try BuildLock(for: target) {}
        let waited = Locked(false)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = comparison.upToDate(shown: "out") { _ in waited.withLock { $0 = true } }
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 5) == .success
        held = nil
        if !finished { done.wait() }
        #expect(finished && !waited.current, "the build waited for the lock to compare a stamp that could not match")
    }

    @Test("a survey lists a folder exactly as DirectoryWalker does (links, FIFOs, empty folders) and fingerprints it as the stamp does, in one walk; a name that is not UTF-8 gives no survey")
    func surveyListsAndFingerprints() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.tree(in: root)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("group-2/link").path, withDestinationPath: "/etc")
        try #require(mkfifo(root.appendingPathComponent("group-1/deep/fifo").path, 0o644) == 0)
        let survey = try #require(FileFingerprint.survey(root.path))
        #expect(survey.entries == DirectoryWalker.entries(under: root.path))
        #expect(survey.entries.contains { $0.path == "group-2/link" && $0.kind == .symlink })
        #expect(survey.entries.contains { $0.path == "group-1/deep/fifo" && $0.kind == .other })
        #expect(survey.entries.contains { $0.path == "empty" && $0.kind == .directory })
        #expect(survey.fingerprint == BuildStamp.siteFingerprint(root.path))
        let name: [UInt8] = [0x62, 0xFF, 0x61, 0]
        let descriptor = open(root.appendingPathComponent("group-0").path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        let file = name.withUnsafeBufferPointer {
            $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: name.count) { openat(descriptor, $0, O_CREAT | O_WRONLY, 0o644) }
        }
        close(descriptor)
        try #require(file >= 0)
        close(file)
        #expect(FileFingerprint.survey(root.path) == nil)
    }

    @Test("a survey given known lines takes them for those files instead of looking (a known line that is false shows in the fingerprint), still reads every folder, and looks at every other file")
    func surveyTakesKnownLines() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.tree(in: root)
        let real = try #require(FileFingerprint.survey(root.path))
        let fields = Dictionary(uniqueKeysWithValues: zip(real.entries.map(\.path), real.fields))
        // The true lines give the true fingerprint.
        let known = ["group-3/file-1.txt", "group-3/deep/deeper/leaf-3.txt", "index.html"]
        let same = try #require(FileFingerprint.survey(root.path, known: Dictionary(uniqueKeysWithValues: known.map { ($0, fields[$0]!) })))
        #expect(same.fingerprint == real.fingerprint && same.entries == real.entries)
        // A false line is taken as it is: the file was not looked at, and only its group differs.
        var wrong = fields["group-3/file-1.txt"]!
        wrong.1 += 1
        let taken = try #require(FileFingerprint.survey(root.path, known: ["group-3/file-1.txt": wrong]))
        #expect(taken.fingerprint.whole != real.fingerprint.whole)
        #expect(taken.fingerprint.groups["group-3"] != real.fingerprint.groups["group-3"])
        #expect(taken.fingerprint.groups.filter { $0.key != "group-3" } == real.fingerprint.groups.filter { $0.key != "group-3" })
        // A file added, and one changed, that the known lines do not cover are seen.
        try Data("new".utf8).write(to: root.appendingPathComponent("group-4/added.txt"))
        try Data("changed!".utf8).write(to: root.appendingPathComponent("group-5/file-0.txt"))
        let later = try #require(FileFingerprint.survey(root.path, known: Dictionary(uniqueKeysWithValues: known.map { ($0, fields[$0]!) })))
        #expect(later.entries.contains { $0.path == "group-4/added.txt" })
        #expect(later.fingerprint == BuildStamp.siteFingerprint(root.path))
        #expect(later.fingerprint.groups["group-5"] != real.fingerprint.groups["group-5"])
        // A known path that is gone is not made up.
        try FileManager.default.removeItem(at: root.appendingPathComponent("index.html"))
        let gone = try #require(FileFingerprint.survey(root.path, known: ["index.html": fields["index.html"]!]))
        #expect(!gone.entries.contains { $0.path == "index.html" })
        #expect(gone.fingerprint == BuildStamp.siteFingerprint(root.path))
    }

    @Test("the output folder's check under the lock takes the site's fingerprint the stamp compares: the same as a walk of its own; none for a new folder")
    func transactionTakesTheSiteFingerprint() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("recipes"), withIntermediateDirectories: true)
        try Data("<p>i</p>".utf8).write(to: site.appendingPathComponent("index.html"))
        try Data("<p>r</p>".utf8).write(to: site.appendingPathComponent("recipes/one.html"))
        try Data(SiteFolder.manifest(files: ["index.html", "recipes/one.html"]).utf8).write(to: site.appendingPathComponent(SiteFolder.manifestName))
        let recipes = root.appendingPathComponent("recipes", isDirectory: true)
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        do {
            let transaction = try SiteTransaction(output: site, shown: "site", protected: [(recipes, "recipes folder")], fingerprint: true) {}
            defer { transaction.abandon() }
            let fingerprint = try #require(transaction.siteFingerprint)
            #expect(fingerprint == BuildStamp.siteFingerprint(SiteFolder.canonicalPath(site)))
        }
        let fresh = try SiteTransaction(output: root.appendingPathComponent("new"), shown: "new", protected: [(recipes, "recipes folder")], fingerprint: true) {}
        #expect(fresh.siteFingerprint == nil)
        fresh.abandon()
        // A build that compares nothing with a stamp (no cache) does not pay for the fingerprint.
        let cold = try SiteTransaction(output: site, shown: "site", protected: [(recipes, "recipes folder")]) {}
        #expect(cold.siteFingerprint == nil)
        cold.abandon()
    }
}
