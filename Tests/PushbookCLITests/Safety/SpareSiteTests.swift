import Foundation
import Testing
@testable import Cookbook
#if canImport(Glibc)
import Glibc
#endif

/// The spare site (issue 15): a cached build keeps the site it replaced beside the new one, and the
/// next build stages into it, keeping the files of the recipes whose key did not change. The spare
/// and its record are untrusted input like the stamp: anything wrong with them costs time, never a
/// wrong byte in the site, never a write through a link, and the site itself is never written
/// through the files it shares with the spare.
@Suite("Safety: the spare site a cached build stages into", .serialized)
struct SpareSiteTests {
    private var spareName: String { ".out.pushbook-spare" }
    private var recordName: String { ".out.pushbook-spare-stamp" }

    /// Two recipes, copied more than the racy window ago, built twice with the cache (the second
    /// after an edit, so the first site became the spare).
    private func workspaceWithSpare() throws -> HostileWorkspace {
        let w = try HostileWorkspace()
        try w.addRecipe("payload-pitfalls")
        usleep(1_100_000)
        let first = try cachedBuild(w)
        try #require(first.status == 0, "\(first.stderr)")
        try w.appendProse("A first closing paragraph.")
        let second = try cachedBuild(w)
        try #require(second.status == 0, "\(second.stderr)")
        try #require(isFolder(w.root.appendingPathComponent(spareName)), "an edit build keeps the replaced site as the spare")
        try #require(FileManager.default.fileExists(atPath: w.root.appendingPathComponent(recordName).path))
        return w
    }

    private func cachedBuild(_ w: HostileWorkspace) throws -> HostileWorkspace.Run {
        try w.run(["build", "--recipes", "recipes", "--out", "out"])
    }

    private func isFolder(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private func inode(_ url: URL) -> UInt? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? UInt(info.st_ino) : nil
    }

    @Test("an edit build stages into the spare: the unchanged recipe's page stays the same file, the spare then holds the site replaced, byte for byte as it was, and the site equals --no-cache")
    func editStagesIntoTheSpare() throws {
        let w = try workspaceWithSpare()
        defer { w.remove() }
        let unchanged = w.out.appendingPathComponent("recipes/payload-pitfalls.html")
        let page = inode(unchanged)
        let replaced = HostileWorkspace.snapshot(w.out)
        try w.appendProse("A second closing paragraph.")
        usleep(1_100_000)  // out of the racy window, so that the stamp can vouch for the edit
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(1 recipes from the cache)"), "\(run.stdout)")
        #expect(inode(unchanged) == page, "the unchanged page was written again")
        // Every file the new site shares with the old one was unlinked from staging before the
        // build wrote its own, never written through: the old site, now the spare, is unchanged.
        #expect(HostileWorkspace.snapshot(w.root.appendingPathComponent(spareName)) == replaced, "the replaced site changed while the build staged into its spare")
        try w.expectSameAsColdBuild("edit staged into the spare")
        // The stamp of a build that kept its spare is the fingerprint its swap took: the site is up to date.
        let again = try cachedBuild(w)
        #expect(again.stdout.contains("'out' is up to date"), "\(again.stdout)")
    }

    @Test("a sequence of edits, an edit undone, a retitled recipe, a removed and an added recipe, each staged into the spare, always gives the --no-cache site")
    func sequenceEqualsColdBuilds() throws {
        let w = try workspaceWithSpare()
        defer { w.remove() }
        try w.appendProse("Another paragraph.")
        #expect(try cachedBuild(w).status == 0)
        try w.expectSameAsColdBuild("second edit")
        // An edit undone: the spare (two builds back) holds the recipe for its key again.
        let text = try w.read("recipe.md")
        try w.appendProse("A paragraph to take back.")
        #expect(try cachedBuild(w).status == 0)
        try w.write("recipe.md", text)
        #expect(try cachedBuild(w).status == 0)
        try w.expectSameAsColdBuild("edit undone")
        try w.replace("title: ", with: "title: Retitled ", in: "recipe.md")
        #expect(try cachedBuild(w).status == 0)
        try w.expectSameAsColdBuild("retitled")
        try FileManager.default.removeItem(at: w.recipes.appendingPathComponent("payload-pitfalls"))
        #expect(try cachedBuild(w).status == 0)
        try w.expectSameAsColdBuild("removed recipe")
        try w.addRecipe("local-notification")
        #expect(try cachedBuild(w).status == 0)
        try w.expectSameAsColdBuild("added recipe")
        try w.appendProse("And one more.")
        let run = try cachedBuild(w)
        #expect(run.status == 0 && run.stdout.contains("(1 recipes from the cache)"), "\(run.stdout) \(run.stderr)")
        try w.expectSameAsColdBuild("edit after the additions")
    }

    /// The fingerprint the spare's record names, and the spare's own, taken now.
    private func spareFingerprints(_ w: HostileWorkspace) throws -> (recorded: String?, actual: String?) {
        let record = try? Data(contentsOf: w.root.appendingPathComponent(recordName))
        return (record.flatMap { BuildStamp.parse(Array($0)) }?.site,
                FileFingerprint.of(w.root.appendingPathComponent(spareName).path, racyCheck: false)?.whole)
    }

    @Test("after every build of a sequence (edits, an edit undone, a retitle, a build after --no-cache), the spare's record names the spare's own fingerprint, whether the build walked the spare or knew it was left alone, and each edit stages into it")
    func spareRecordIsTheSparesFingerprint() throws {
        let w = try workspaceWithSpare()
        defer { w.remove() }
        let page = w.out.appendingPathComponent("recipes/payload-pitfalls.html")
        var pages: [UInt?] = [nil, inode(page)]
        let undo = try w.read("recipe.md")
        let steps: [(String, () throws -> Void)] = [
            ("first edit", { _ = try w.appendProse("One more paragraph.") }),
            ("second edit", { _ = try w.appendProse("Yet another paragraph.") }),
            ("edit undone", { try w.write("recipe.md", undo) }),
            ("third edit", { _ = try w.appendProse("A last paragraph.") }),
            ("retitled", { try w.replace("title: ", with: "title: Retitled ", in: "recipe.md") }),
            ("after --no-cache", {
                let cold = try w.run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
                try #require(cold.status == 0, "\(cold.stderr)")
                usleep(1_100_000)
                let first = try cachedBuild(w)
                try #require(first.status == 0, "\(first.stderr)")
                _ = try w.appendProse("A paragraph after the cold build.")
            }),
            ("edit after that", { _ = try w.appendProse("And the very last one.") }),
        ]
        for (name, step) in steps {
            try step()
            usleep(1_100_000)  // out of the racy window, so that the stamp can vouch for the edit
            let run = try cachedBuild(w)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let (recorded, actual) = try spareFingerprints(w)
            #expect(recorded != nil && recorded == actual, "\(name): the spare's record does not name the spare as it is")
            // The stamp's site fingerprint (its commit's walk, which takes the lines of the files
            // the build left in the spare from the survey that took it) is the site's own.
            let stamp = try? Data(contentsOf: w.root.appendingPathComponent(".out.pushbook-stamp"))
            let stamped = stamp.flatMap { BuildStamp.parse(Array($0)) }?.site
            #expect(stamped != nil && stamped == FileFingerprint.of(w.out.path, racyCheck: false)?.whole, "\(name): the stamp does not name the site as it is")
            pages.append(inode(page))
        }
        // The unchanged recipe's page stays where the spare held it: its file is the one of the site two builds back.
        #expect(pages[1] != nil && pages[3] == pages[1] && pages[4] == pages[2], "the unchanged page was written again: \(pages)")
        try w.expectSameAsColdBuild("the sequence")
    }

    @Test("links the last clean build checked are trusted only against the same targets: an unchanged recipe's link into a recipe whose edit removed the anchor is reported by the cached build, as by --no-cache, and found fine again once the anchor is back")
    func unchangedPageLinkIntoAnEditedPageIsChecked() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.addRecipe("payload-pitfalls")
        let line = try w.appendProse("See [the gate](payload-pitfalls.html#the-gate).")
        usleep(1_100_000)
        try #require(try cachedBuild(w).status == 0)
        let pitfalls = w.recipes.appendingPathComponent("payload-pitfalls/recipe.md")
        let original = try String(contentsOf: pitfalls, encoding: .utf8)
        try original.replacingOccurrences(of: "## The gate\n", with: "## The door\n").write(to: pitfalls, atomically: false, encoding: .utf8)
        usleep(1_100_000)
        let broken = try cachedBuild(w)
        #expect(broken.status == 1, "\(broken.stdout) \(broken.stderr)")
        #expect(broken.stderr.contains("recipes/fcm-image/recipe.md:\(line):5: error: broken link 'payload-pitfalls.html#the-gate' on page recipes/fcm-image.html"), "\(broken.stderr)")
        let cold = try w.build()
        #expect(cold.status == 1 && cold.stderr.contains("broken link 'payload-pitfalls.html#the-gate'"), "\(cold.stderr)")
        try original.write(to: pitfalls, atomically: false, encoding: .utf8)
        usleep(1_100_000)
        #expect(try cachedBuild(w).status == 0)
        // An edit that leaves every anchor as it was: the unchanged page's link stays fine.
        _ = try w.appendProse("One more paragraph.")
        usleep(1_100_000)
        let edited = try cachedBuild(w)
        #expect(edited.status == 0 && edited.stdout.contains("(1 recipes from the cache)"), "\(edited.stdout) \(edited.stderr)")
        try w.expectSameAsColdBuild("an edit after the anchor came back")
    }

    @Test("a build refused under the lock (a file it did not write in the site) leaves the spare and its record as they were: inspecting the spare beside the check only reads it")
    func refusedBuildLeavesTheSpareAlone() throws {
        let w = try workspaceWithSpare()
        defer { w.remove() }
        let spare = w.root.appendingPathComponent(spareName), record = w.root.appendingPathComponent(recordName)
        let spareBefore = HostileWorkspace.snapshot(spare), recordBefore = try Data(contentsOf: record)
        try Data("mine".utf8).write(to: w.out.appendingPathComponent("notes.txt"))
        try w.appendProse("A paragraph the refused build never renders.")
        let run = try cachedBuild(w)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("notes.txt"), "\(run.stderr)")
        #expect(HostileWorkspace.snapshot(spare) == spareBefore)
        #expect(try Data(contentsOf: record) == recordBefore)
        #expect(FileManager.default.fileExists(atPath: w.out.appendingPathComponent("notes.txt").path))
    }

    @Test("a spare file changed behind the build's back (same size) is never served: the spare is dropped and the site equals --no-cache")
    func tamperedSpareIsDropped() throws {
        let w = try workspaceWithSpare()
        defer { w.remove() }
        let spared = w.root.appendingPathComponent(spareName + "/recipes/payload-pitfalls.html")
        var bytes = try [UInt8](Data(contentsOf: spared))
        let at = try #require(bytes.firstIndex(of: UInt8(ascii: "<")))
        bytes[at + 1] = bytes[at + 1] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        // Written in place: the site's page shares this file, so the site changed too, and its
        // stamp no longer describes it; both must be rebuilt from the cache.
        let handle = try FileHandle(forWritingTo: spared)
        try handle.write(contentsOf: bytes)
        try handle.close()
        try w.appendProse("A paragraph after the tampering.")
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        try w.expectSameAsColdBuild("tampered spare")
    }

    @Test("a spare whose record is gone, edited or foreign is dropped, the build stages afresh, and the site equals --no-cache")
    func badRecordDropsTheSpare() throws {
        for damage in ["gone", "edited", "foreign tool"] {
            let w = try workspaceWithSpare()
            defer { w.remove() }
            let record = w.root.appendingPathComponent(recordName)
            switch damage {
            case "gone": try FileManager.default.removeItem(at: record)
            case "edited": try (String(contentsOf: record, encoding: .utf8).replacingOccurrences(of: "\nsite ", with: "\nsite 0")).write(to: record, atomically: false, encoding: .utf8)
            default: try (String(contentsOf: record, encoding: .utf8).replacingOccurrences(of: "\ntool ", with: "\ntool other-")).write(to: record, atomically: false, encoding: .utf8)
            }
            try w.appendProse("A paragraph after the record was \(damage).")
            let run = try cachedBuild(w)
            #expect(run.status == 0, "\(damage): \(run.stderr)")
            try w.expectSameAsColdBuild("record \(damage)")
        }
    }

    @Test("a link planted in the spare is never followed: the spare is dropped, the file it points to is untouched, and the site equals --no-cache")
    func linkInSpareIsNotFollowed() throws {
        let w = try workspaceWithSpare()
        defer { w.remove() }
        try w.writeOutside("precious.txt", "keep me\n")
        let precious = w.root.appendingPathComponent("precious.txt")
        let page = w.root.appendingPathComponent(spareName + "/recipes/fcm-image.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createSymbolicLink(atPath: page.path, withDestinationPath: precious.path)
        try FileManager.default.createSymbolicLink(atPath: w.root.appendingPathComponent(spareName + "/index2.html").path, withDestinationPath: precious.path)
        try w.appendProse("A paragraph after the link was planted.")
        let run = try cachedBuild(w)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me\n")
        try w.expectSameAsColdBuild("link in the spare")
    }

    @Test("a spare that is a link to another folder, or a folder the build did not make, is left alone and not used; the site equals --no-cache")
    func foreignSpareIsLeftAlone() throws {
        for kind in ["link", "foreign folder"] {
            let w = try workspaceWithSpare()
            defer { w.remove() }
            let spare = w.root.appendingPathComponent(spareName)
            try FileManager.default.removeItem(at: spare)
            let elsewhere = w.root.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("recipes"), withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: elsewhere.appendingPathComponent("recipes/fcm-image.html"))
            if kind == "link" {
                try FileManager.default.createSymbolicLink(atPath: spare.path, withDestinationPath: elsewhere.path)
            } else {
                try FileManager.default.copyItem(at: elsewhere, to: spare)
            }
            try w.appendProse("A paragraph after the spare became a \(kind).")
            let run = try cachedBuild(w)
            #expect(run.status == 0, "\(kind): \(run.stderr)")
            #expect(try String(contentsOf: elsewhere.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8) == "mine\n", "\(kind)")
            if kind == "foreign folder" {
                #expect(try String(contentsOf: spare.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8) == "mine\n", "a folder the build did not make was changed")
            }
            try w.expectSameAsColdBuild(kind)
        }
    }

    @Test("--no-cache removes the spare and its record, and a cached build after it makes a new one only once a stamp describes the site")
    func noCacheRemovesTheSpare() throws {
        let w = try workspaceWithSpare()
        defer { w.remove() }
        let cold = try w.run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
        #expect(cold.status == 0, "\(cold.stderr)")
        #expect(!FileManager.default.fileExists(atPath: w.root.appendingPathComponent(spareName).path))
        #expect(!FileManager.default.fileExists(atPath: w.root.appendingPathComponent(recordName).path))
        // No stamp describes the site --no-cache made, so the next cached build removes what it replaces.
        try w.appendProse("A paragraph after the --no-cache build.")
        #expect(try cachedBuild(w).status == 0)
        #expect(!FileManager.default.fileExists(atPath: w.root.appendingPathComponent(spareName).path))
        try w.appendProse("And another one.")
        #expect(try cachedBuild(w).status == 0)
        #expect(isFolder(w.root.appendingPathComponent(spareName)))
        try w.expectSameAsColdBuild("after --no-cache")
    }
}
