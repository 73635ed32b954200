import Foundation
import Testing

/// `--out` is replaced only when it is a site a build made: never the
/// recipes, a folder around them, the cache, the current folder, or a folder with anything else in it.
@Suite("Safety: the output folder", .serialized)
struct OutFolderTests {
    /// A workspace with a notes folder, a web root holding an index.html, and a site built by this pushbook.
    private func workspace() throws -> HostileWorkspace {
        let w = try HostileWorkspace()
        let fm = FileManager.default
        try fm.createDirectory(at: w.root.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try "keep me".write(to: w.root.appendingPathComponent("notes/readme.txt"), atomically: true, encoding: .utf8)
        try fm.createDirectory(at: w.root.appendingPathComponent("webroot"), withIntermediateDirectories: true)
        try "<h1>home</h1>".write(to: w.root.appendingPathComponent("webroot/index.html"), atomically: true, encoding: .utf8)
        return w
    }

    @Test("build refuses, with exit 2 and nothing changed, an --out that is not a site it made",
          arguments: [".", "..", "/", "recipes", "recipes/fcm-image", "recipes/site", "notes", "notes/readme.txt", "webroot",
                      ".pushbook-cache", ".pushbook-cache/fcm-image", "out-with-git", "out-with-notes"])
    func refusesWhatIsNotASite(out: String) throws {
        let w = try workspace()
        defer { w.remove() }
        if out.hasPrefix(".pushbook-cache") || out.hasPrefix("out-with") {
            // A cache and a site this pushbook built, then something of the user's inside the site.
            try #require(try w.run(["build", "--recipes", "recipes", "--out", "built"]).status == 0)
            try FileManager.default.moveItem(at: w.root.appendingPathComponent("built"), to: w.root.appendingPathComponent(out.hasPrefix("out-with") ? out : "unused"))
            if out == "out-with-git" { try w.writeOutside("out-with-git/.git/HEAD", "ref: refs/heads/main\n") }
            if out == "out-with-notes" { try w.writeOutside("out-with-notes/recipes/my-notes.txt", "mine\n") }
        }
        let before = HostileWorkspace.snapshot(w.root)
        let run = try w.run(["build", "--recipes", "recipes", "--out", out])
        #expect(!run.crashed)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("error: refusing to replace '\(out)': "), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was changed"), "\(run.stderr)")
        #expect(HostileWorkspace.snapshot(w.root) == before, "the workspace changed")
    }

    @Test("a site built into --out before (its lock file beside it), then given a file of the user's deep inside, is refused with exit 2 and nothing changed: the check under the lock walks it")
    func foreignFileBesideAnExistingLockIsRefused() throws {
        let w = try workspace()
        defer { w.remove() }
        try #require(try w.run(["build", "--recipes", "recipes", "--out", "out"]).status == 0)
        try #require(FileManager.default.fileExists(atPath: w.root.appendingPathComponent(".out.pushbook-lock").path))
        try w.writeOutside("out/downloads/fcm-image/my-notes.txt", "mine\n")
        let before = HostileWorkspace.snapshot(w.root)
        let run = try w.run(["build", "--recipes", "recipes", "--out", "out"])
        #expect(!run.crashed)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("error: refusing to replace 'out': it holds what pushbook did not write (") && run.stderr.contains("my-notes.txt"), "\(run.stderr)")
        #expect(HostileWorkspace.snapshot(w.root) == before, "the workspace changed")
    }

    @Test("--out a folder holding an index.html and the recipes is refused, and the recipes and notes stay")
    func folderAroundTheRecipesIsRefused() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.createDirectory(at: w.root.appendingPathComponent("proj"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: w.recipes, to: w.root.appendingPathComponent("proj/Recipes"))
        try w.writeOutside("proj/index.html", "<h1>home</h1>")
        try w.writeOutside("proj/notes.txt", "keep")
        let before = HostileWorkspace.snapshot(w.root)
        let run = try w.run(["build", "--recipes", "proj/Recipes", "--out", "proj"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("refusing to replace 'proj': it holds the recipes folder"), "\(run.stderr)")
        #expect(!run.stdout.contains("built"))
        #expect(HostileWorkspace.snapshot(w.root) == before)
    }

    @Test("a folder that looks like a web root but holds files pushbook would not write is refused, even with an index.html")
    func foreignIndexIsRefused() throws {
        let w = try workspace()
        defer { w.remove() }
        try w.writeOutside("webroot/recipes/fcm-image.html", "<p>a page of mine</p>")
        let before = HostileWorkspace.snapshot(w.root)
        let run = try w.run(["build", "--recipes", "recipes", "--out", "webroot"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("it is not a site pushbook built (it has no .pushbook-manifest"), "\(run.stderr)")
        #expect(HostileWorkspace.snapshot(w.root) == before)
    }

    @Test("a site built by the previous pushbook (no manifest, pushbook's layout) is adopted: rebuilt whole, with a manifest from then on")
    func previousVersionSiteIsAdopted() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try #require(try w.build().status == 0)
        let manifest = w.out.appendingPathComponent(".pushbook-manifest")
        let listed = try String(contentsOf: manifest, encoding: .utf8)
        try FileManager.default.removeItem(at: manifest)
        try w.writeOutside("out/recipes/old-recipe.html", "<p>a recipe since removed</p>")
        let run = try w.build()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: manifest, encoding: .utf8) == listed)
        #expect(!FileManager.default.fileExists(atPath: w.out.appendingPathComponent("recipes/old-recipe.html").path))

        // The same old site with a file of the user's in it is refused, and says what to do.
        try FileManager.default.removeItem(at: manifest)
        try w.writeOutside("out/NOTES.md", "mine")
        let before = HostileWorkspace.snapshot(w.root)
        let refused = try w.build()
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("it is not a site pushbook built (it has no .pushbook-manifest and holds"), "\(refused.stderr)")
        #expect(refused.stderr.contains("'NOTES.md'") || refused.stderr.contains("more"), "\(refused.stderr)")
        #expect(HostileWorkspace.snapshot(w.root) == before)
    }

    @Test("the manifest lists every file of the site, sorted, and nothing else")
    func manifestListsTheSite() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try #require(try w.build().status == 0)
        let lines = try String(contentsOf: w.out.appendingPathComponent(".pushbook-manifest"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "pushbook site manifest 1")
        let files = HostileWorkspace.snapshot(w.out).keys.filter { !$0.hasSuffix("/") && $0 != ".pushbook-manifest" }.sorted()
        #expect(Array(lines.dropFirst()) == files)
    }

    @Test("--out a symbolic link to a site replaces the link's target and keeps the link")
    func symlinkedOutReplacesTheTarget() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try #require(try w.run(["build", "--recipes", "recipes", "--out", "realsite", "--no-cache"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: w.root.appendingPathComponent("linksite").path, withDestinationPath: "realsite")
        try w.appendProse("A sentence only the second build has.\n")
        let run = try w.run(["build", "--recipes", "recipes", "--out", "linksite", "--no-cache"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: w.root.appendingPathComponent("linksite").path) == "realsite")
        let page = try String(contentsOf: w.root.appendingPathComponent("realsite/recipes/fcm-image.html"), encoding: .utf8)
        #expect(page.contains("A sentence only the second build has."))
    }

    @Test("refusals name the folder as given, with no doubled or appended slash")
    func messagesNameTheFolder() throws {
        let w = try workspace()
        defer { w.remove() }
        let root = try w.run(["build", "--recipes", "recipes", "--out", "/"])
        #expect(root.status == 2)
        #expect(!root.stderr.contains("//"), "\(root.stderr)")
        let file = try w.run(["build", "--recipes", "recipes", "--out", "notes/readme.txt"])
        #expect(file.stderr.contains("refusing to replace 'notes/readme.txt': it is a file"), "\(file.stderr)")
        #expect(!file.stderr.contains("readme.txt/"), "\(file.stderr)")
    }

    @Test("build replaces an empty folder and a site it made")
    func replacesEmptyFolderAndSite() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.createDirectory(at: w.out, withIntermediateDirectories: true)
        #expect(try w.build().status == 0)
        #expect(try w.build().status == 0)
        #expect(FileManager.default.fileExists(atPath: w.out.appendingPathComponent("index.html").path))
    }

    @Test("a folder named like a leftover staging folder but holding the user's files is never removed")
    func foreignLeftoverIsKept() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.writeOutside(".out.staging-12345/diary.txt", "mine")
        try w.writeOutside(".out.old-7/diary.txt", "mine too")
        #expect(try w.build().status == 0)
        #expect(FileManager.default.fileExists(atPath: w.root.appendingPathComponent(".out.staging-12345/diary.txt").path))
        #expect(FileManager.default.fileExists(atPath: w.root.appendingPathComponent(".out.old-7/diary.txt").path))
    }
}
