import Foundation
import Testing
import ToolchainSupport
#if canImport(Glibc)
import Glibc
#endif

/// The fast paths of a cached build: with nothing changed the site is left as it is and the build
/// says so; any changed input, site file, stamp or tool makes the build do the work again, and the
/// site is then byte for byte the one a `--no-cache` build makes. The stamp in the cache folder is
/// untrusted input: tampering with it costs a rebuild, never a stale page.
@Suite("Safety: the build stamp and the fast rebuild", .serialized)
struct BuildStampTests {
    /// Two recipes, copied more than the racy window ago (so their time stamps can vouch for them),
    /// built once with the cache.
    private func builtWorkspace() throws -> HostileWorkspace {
        let w = try HostileWorkspace()
        try w.addRecipe("payload-pitfalls")
        usleep(TestWindow.racy)
        let run = try w.run(["build", "--recipes", "recipes", "--out", "out"])
        try #require(run.status == 0, "\(run.stderr)")
        try #require(run.stdout.contains("built 'out': 2 recipes"), "\(run.stdout)")
        return w
    }

    private var stampName: String { ".pushbook-cache/stamp" }

    /// Builds with the cache and returns the run.
    private func cachedBuild(_ w: HostileWorkspace, binary: URL = CommandRunner.binary) throws -> HostileWorkspace.Run {
        try w.start(["build", "--recipes", "recipes", "--out", "out"], binary: binary).finish()
    }

    /// Changes one byte of `file` in place, keeping its size and modification time: only the change
    /// time and the bytes differ.
    private func editKeepingSizeAndTime(_ file: URL) throws {
        var bytes = try [UInt8](Data(contentsOf: file))
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        bytes[bytes.count / 2] = bytes[bytes.count / 2] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified as Any], ofItemAtPath: file.path)
    }

    private func inode(_ url: URL) -> (ino: UInt, links: UInt)? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return (UInt(info.st_ino), UInt(info.st_nlink))
    }

    @Test("a rebuild with nothing changed says the site is up to date and touches nothing in it")
    func unchangedRebuildSkips() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let before = HostileWorkspace.snapshot(w.out)
        let index = inode(w.out.appendingPathComponent("index.html"))
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("'out' is up to date: nothing changed since the build that made it (2 recipes)"), "\(run.stdout)")
        #expect(HostileWorkspace.snapshot(w.out) == before)
        #expect(inode(w.out.appendingPathComponent("index.html"))?.ino == index?.ino, "the site was replaced")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: w.root.appendingPathComponent(stampName).path))
        // --no-cache never skips, and the site it swaps in matches no stamp.
        let cold = try w.run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
        #expect(cold.stdout.contains("built 'out': 2 recipes"), "\(cold.stdout)")
        let next = try cachedBuild(w)
        #expect(next.stdout.contains("built 'out': 2 recipes") && next.stdout.contains("(2 recipes from the cache)"), "\(next.stdout)")
    }

    @Test("an edit that breaks a link of an unchanged recipe's page, restored from the cache, is reported")
    func takenOverPageKeepsItsLinks() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let other = try w.addRecipe("payload-pitfalls")
        let prose = other.appendingPathComponent("recipe.md")
        try (String(contentsOf: prose, encoding: .utf8) + "\nSee [the extension](fcm-image.html#the-extension).\n").write(to: prose, atomically: false, encoding: .utf8)
        usleep(TestWindow.racy)
        let first = try cachedBuild(w)
        try #require(first.status == 0, "\(first.stderr)")
        try w.replace("## The extension", with: "## The service extension", in: "recipe.md")
        let run = try cachedBuild(w)
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stderr.contains("payload-pitfalls/recipe.md:") && run.stderr.contains("broken link 'fcm-image.html#the-extension' on page recipes/payload-pitfalls.html"), "\(run.stderr)")
    }

    @Test("a cache entry's links are never believed: an entry is stored without them, and a broken link added to an unchanged recipe's entry changes nothing, and the site equals --no-cache")
    func entryLinksNeedTheStamp() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let url = CacheEntryFile.url(w.root, "payload-pitfalls")
        var entry = try CacheEntryFile.json(url)
        var artifact = try #require(entry["artifact"] as? [String: Any])
        var links = artifact["links"] as? [String: Any] ?? [:]
        #expect(links.isEmpty, "an entry is stored without its page's links")
        links["recipes/payload-pitfalls.html"] = ["ids": [String](), "hrefs": ["no-such-page.html"]]
        artifact["links"] = links
        entry["artifact"] = artifact
        try CacheEntryFile.write(entry, to: url)
        try w.appendProse("A new closing paragraph, added after the last build.")
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(1 recipes from the cache)"), "\(run.stdout)")
        try w.expectSameAsColdBuild("poisoned entry links")
    }

    @Test("an edited prose file rebuilds that recipe only, the other comes from the cache, and the site equals --no-cache")
    func editedProse() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        try w.appendProse("A new closing paragraph, added after the last build.")
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("built 'out': 2 recipes") && run.stdout.contains("(1 recipes from the cache)"), "\(run.stdout)")
        #expect(try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8).contains("A new closing paragraph"))
        try w.expectSameAsColdBuild("edited prose")
    }

    @Test("after an edit, an unchanged recipe the stamped site holds for its key is linked over from there as it is, without its cache bytes, and the site equals --no-cache")
    func stampedSiteLinksUnchangedRecipe() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let page = w.out.appendingPathComponent("recipes/payload-pitfalls.html")
        let before = inode(page)
        // Without the stamped site the entry's bytes are needed, and a missing bytes file is a miss.
        try FileManager.default.removeItem(at: w.root.appendingPathComponent(".pushbook-cache/payload-pitfalls/files.bin"))
        try w.appendProse("A new closing paragraph, added after the last build.")
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(1 recipes from the cache)"), "\(run.stdout)")
        #expect(inode(page)?.ino == before?.ino && inode(page)?.links == 1, "the unchanged page was not linked over as it was")
        try w.expectSameAsColdBuild("linked from the stamped site")
        // That build began just after an edit (its inputs racy), and its stamp still serves the next one.
        try w.appendProse("Another paragraph, added at once.")
        let next = try cachedBuild(w)
        #expect(next.stdout.contains("(1 recipes from the cache)"), "\(next.stdout)")
        #expect(inode(page)?.ino == before?.ino, "the stamp of a build whose inputs were racy did not serve the next build")
        // A racy stamp is never up to date: once the edits are old enough, one build runs, then the next is up to date.
        usleep(TestWindow.racy)
        let settled = try cachedBuild(w)
        #expect(settled.stdout.contains("built 'out': 2 recipes") && settled.stdout.contains("(2 recipes from the cache)"), "\(settled.stdout)")
        #expect(try cachedBuild(w).stdout.contains("is up to date"))
        try w.expectSameAsColdBuild("after racy stamps")
    }

    @Test("the stamped site is believed only as it was: a site file edited since (same size and modification time), or a recipe's key in the stamp changed, makes that recipe's files checked again, and rebuilt without cache bytes",
          arguments: ["site file", "key"])
    func stampedSiteChanged(change: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let page = w.out.appendingPathComponent("recipes/payload-pitfalls.html")
        switch change {
        case "site file":
            try editKeepingSizeAndTime(page)
        default:
            let stamp = w.root.appendingPathComponent(stampName)
            let text = try String(contentsOf: stamp, encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("key payload-pitfalls ") })
            try text.replacingOccurrences(of: line, with: "key payload-pitfalls 0123456789abcdef0123456789abcdef")
                .write(to: stamp, atomically: false, encoding: .utf8)
        }
        try FileManager.default.removeItem(at: w.root.appendingPathComponent(".pushbook-cache/payload-pitfalls/files.bin"))
        try w.appendProse("A new closing paragraph, added after the last build.")
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(change): \(run.stderr)")
        #expect(run.stdout.contains("(0 recipes from the cache)"), "\(change): \(run.stdout)")
        try w.expectSameAsColdBuild("stamped site: \(change)")
    }

    @Test("an unchanged recipe whose cache entry is spoilt misses and is built again beside the edited one, and the site equals --no-cache")
    func editedWithSpoiltEntry() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        // Every file of the unchanged recipe's entry made unreadable as one.
        let entry = w.root.appendingPathComponent(".pushbook-cache/payload-pitfalls")
        for name in try FileManager.default.contentsOfDirectory(atPath: entry.path) where DirectoryWalkerProbe.isFile(entry.appendingPathComponent(name)) {
            try Data("spoilt".utf8).write(to: entry.appendingPathComponent(name))
        }
        try w.appendProse("A new closing paragraph, added after the last build.")
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("built 'out': 2 recipes") && run.stdout.contains("(0 recipes from the cache)"), "\(run.stdout)")
        #expect(try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8).contains("A new closing paragraph"))
        try w.expectSameAsColdBuild("edited with a spoilt entry")
        // The next build takes the unchanged one from the cache again (both were stored).
        try w.appendProse("Another paragraph.")
        let again = try cachedBuild(w)
        #expect(again.stdout.contains("(1 recipes from the cache)"), "\(again.stdout)")
        try w.expectSameAsColdBuild("edited again")
    }

    /// Whether a path is a regular file, not following a link.
    private enum DirectoryWalkerProbe {
        static func isFile(_ url: URL) -> Bool {
            var info = stat()
            return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
    }

    @Test("an edited example and a changed fixture (recorded again with check --update) are rebuilt", arguments: ["example", "fixture"])
    func editedExampleOrFixture(part: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        if part == "example" {
            try w.replace("from the pier.", with: "from the pier, edited after the build.", in: "examples/jpeg-image.json")
        } else {
            var bytes = try [UInt8](Data(contentsOf: w.file("fixtures/sunset-raw")))
            bytes.append(contentsOf: Array("more bytes".utf8))
            try w.write("fixtures/sunset-raw", bytes)
        }
        let update = try w.run(["check", "--recipes", "recipes", "--update", "fcm-image"])
        try #require(update.status == 0, "\(update.stderr)")
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(1 recipes from the cache)"), "\(part): \(run.stdout)")
        try w.expectSameAsColdBuild("changed \(part)")
    }

    @Test("a deleted, edited (same size and modification time) or touched site file is noticed: the site is rebuilt and whole again",
          arguments: ["delete", "edit", "touch"])
    func changedSiteFile(change: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let page = w.out.appendingPathComponent("recipes/payload-pitfalls.html")
        switch change {
        case "delete": try FileManager.default.removeItem(at: page)
        case "edit":
            try editKeepingSizeAndTime(page)
        default: try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1)], ofItemAtPath: page.path)
        }
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(change): \(run.stderr)")
        #expect(run.stdout.contains("built 'out': 2 recipes"), "\(change): \(run.stdout)")
        try w.expectSameAsColdBuild("site file: \(change)")
    }

    @Test("a tampered stamp costs a rebuild, never a stale page",
          arguments: ["garbage", "truncated", "another site's digest", "symbolic link", "prose edited under an unchanged stamp"])
    func tamperedStamp(tamper: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let stamp = w.root.appendingPathComponent(stampName)
        let text = try String(contentsOf: stamp, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        switch tamper {
        case "garbage": try "not a stamp\n".write(to: stamp, atomically: false, encoding: .utf8)
        case "truncated": try String(text.prefix(text.count / 2)).write(to: stamp, atomically: false, encoding: .utf8)
        case "another site's digest":
            // The stamp claims the site as it is now after a page went: the site's fingerprint is still compared.
            try FileManager.default.removeItem(at: w.out.appendingPathComponent("recipes/payload-pitfalls.html"))
            let index = try #require(lines.firstIndex { $0.hasPrefix("site ") })
            lines[index] = "site 0-0"
            try (lines.joined(separator: "\n") + "\n").write(to: stamp, atomically: false, encoding: .utf8)
        case "symbolic link":
            try FileManager.default.moveItem(at: stamp, to: w.root.appendingPathComponent("elsewhere"))
            try FileManager.default.createSymbolicLink(atPath: stamp.path, withDestinationPath: "elsewhere")
        default:
            // The stamp is kept exactly as it was, and the prose changes under it: the metadata no
            // longer matches, whatever the stamp says.
            try w.appendProse("Edited under an unchanged stamp.")
        }
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(tamper): \(run.stderr)")
        #expect(run.stdout.contains("built 'out': 2 recipes"), "\(tamper): \(run.stdout)")
        try w.expectSameAsColdBuild("stamp: \(tamper)")
        // A good stamp is written again (after the racy window of the files edited above).
        usleep(TestWindow.racy)
        _ = try cachedBuild(w)
        let again = try cachedBuild(w)
        #expect(again.stdout.contains("is up to date"), "after a tampered stamp (\(tamper)): \(again.stdout)")
    }

    @Test("another build of the tool (its build id differs) rebuilds, and the first tool rebuilds after it")
    func changedToolBinary() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let other = try cachedBuild(w, binary: CommandRunner.testHost)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stdout.contains("built 'out': 2 recipes") && other.stdout.contains("(0 recipes from the cache)"), "\(other.stdout)")
        try w.expectSameAsColdBuild("other tool")
        let back = try cachedBuild(w)
        #expect(back.stdout.contains("built 'out': 2 recipes"), "\(back.stdout)")
        #expect(try cachedBuild(w).stdout.contains("is up to date"))
    }
}
