import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import ToolchainSupport
#endif

/// The recipe folder's safety rules (`ToolRule.safety`): one rule for symbolic links, plain example
/// names, downloads that never collide, no control characters in front matter, and pages that
/// do not depend on how `--recipes` is spelled.
@Suite("Safety: recipe rules", .serialized)
struct RecipeRuleTests {
    /// A file outside every recipe whose contents must never show up in output.
    private func secret(_ w: HostileWorkspace, _ text: String = "{\"aps\":{\"alert\":{\"title\":\"TOP-SECRET-OLD\"}}}") throws -> URL {
        let url = w.root.appendingPathComponent("secret.json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("a symbolic link anywhere in a recipe, out of it or within it, is refused at its path in check, build and --no-cache alike, and the target is never read",
          arguments: ["examples/leak.json", "app/Info.plist", "expected/webp-image.json", "examples", "fixtures/tiny.webp", "inside.json"])
    func symlinksAreRefused(path: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let target = try secret(w)
        let link = w.file(path)
        switch path {
        case "examples":
            let moved = w.root.appendingPathComponent("examples-elsewhere")
            try FileManager.default.moveItem(at: link, to: moved)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: moved)
        case "inside.json":
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "examples/webp-image.json")
        case "app/Info.plist":
            try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        default:
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        }
        let message = "recipes/fcm-image/\(path):1:1: error: '\(path)' is a symbolic link; a recipe holds regular files only, so copy the file into the recipe instead [recipe.symlink]"
        for run in [try w.check(), try w.run(["build", "--recipes", "recipes", "--out", "out"]), try w.build()] {
            #expect(!run.crashed)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(!(run.stdout + run.stderr).contains("TOP-SECRET"))
        }
        #expect(!FileManager.default.fileExists(atPath: w.out.path))
    }

    @Test("after a symlinked example is refused, a cached build and a --no-cache build agree")
    func cachedAndUncachedAgree() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        #expect(try w.run(["build", "--recipes", "recipes", "--out", "out"]).status == 0)
        try FileManager.default.createSymbolicLink(at: w.file("examples/leak.json"), withDestinationURL: try secret(w))
        let cached = try w.run(["build", "--recipes", "recipes", "--out", "out"])
        let uncached = try w.build()
        #expect(cached.status == 1 && uncached.status == 1)
        #expect(cached.stderr == uncached.stderr, "cached: \(cached.stderr)\nuncached: \(uncached.stderr)")
    }

    @Test("a recipe folder that is itself a symbolic link is refused")
    func symlinkedRecipeFolder() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let elsewhere = w.root.appendingPathComponent("elsewhere")
        try FileManager.default.copyItem(at: w.recipe, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: w.recipes.appendingPathComponent("linked"), withDestinationURL: elsewhere)
        let run = try w.check()
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/linked:1:1: error: the recipe folder is a symbolic link"), "\(run.stderr)")
    }

    @Test("a FIFO in a recipe is refused at once, never opened (no hang)")
    func fifoIsRefused() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        #expect(mkfifo(w.file("examples/pipe.json").path, 0o644) == 0)
        let run = try w.check()
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/examples/pipe.json:1:1: error: 'examples/pipe.json' is not a regular file (a FIFO, socket or device); remove it [recipe.file-kind]"), "\(run.stderr)")
    }

    @Test("a file name that is not UTF-8 is refused by name, not as an unreadable input")
    func nonUTF8FileName() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let path = Array((w.recipe.path + "/examples/bad").utf8) + [0xFF, 0xFE] + Array(".json".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) { creat($0, 0o644) } }
        #expect(descriptor >= 0)
        close(descriptor)
        let run = try w.check()
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: this file name is not valid UTF-8; rename it [recipe.file-name]"), "\(run.stderr)")
        #expect(!run.stderr.contains("cannot read the example's input"))
    }

    @Test("an example name with anything but ASCII letters, digits, -, _ and . is refused at its file, naming the rule, and nothing runs",
          arguments: ["x\"onerror=alert(21) <b>", "a$(touch${IFS}PWNED_NAME)", "with space", "p#q", "p%41q", "café", "tab\tname", "-leading-dash-is-fine-but-this-is-$x", String(repeating: "n", count: 101)])
    func exampleNames(name: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.copyItem(at: w.file("examples/webp-image.json"), to: w.file("examples/\(name).json"))
        for run in [try w.check(), try w.build()] {
            #expect(!run.crashed)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("recipes/fcm-image/examples/"), "\(run.stderr)")
            #expect(run.stderr.contains(".json:1:1: error: example name '"), "\(run.stderr)")
            #expect(run.stderr.contains("[recipe.example-name]"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: w.root.appendingPathComponent("PWNED_NAME").path))
        #expect(!FileManager.default.fileExists(atPath: w.out.path))
    }

    @Test("plain example names build: letters, digits, -, _ and . (100 characters at most)", arguments: ["v1.2_beta-3", String(repeating: "n", count: 100)])
    func plainNamesBuild(name: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.copyItem(at: w.file("examples/webp-image.json"), to: w.file("examples/\(name).json"))
        _ = try w.check(["--update"])
        let run = try w.build()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: w.out.appendingPathComponent("downloads/fcm-image/\(name).fcm.json").path))
    }

    @Test("two examples that would write one download file are refused: NAME beside NAME.fcm, and names differing only in case",
          arguments: [("coll", "coll.fcm"), ("Sunset", "sunset")])
    func downloadCollisions(names: (String, String)) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.copyItem(at: w.file("examples/webp-image.json"), to: w.file("examples/\(names.0).json"))
        try #"{"aps":{"alert":{"title":"I am the other one (APNs)"}}}"#.write(to: w.file("examples/\(names.1).json"), atomically: true, encoding: .utf8)
        let run = try w.check(["--update"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("would both write the download"), "\(run.stderr)")
        #expect(run.stderr.contains("[recipe.download-collision]"), "\(run.stderr)")
        #expect(try w.build().status == 1)
    }

    @Test("a NUL or ESC in the front matter is an error at its line and column, and never reaches a page", arguments: ["\u{0}", "\u{1B}[31m"])
    func controlCharactersInFrontMatter(bad: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let line = try w.line(startingWith: "title:")
        let text = try w.read("recipe.md")
        let titleLine = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        try w.replace(String(titleLine), with: String(titleLine) + bad + "x", in: "recipe.md")
        let run = try w.build()
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):\(titleLine.utf8.count + 1): error: control character U+00"), "\(run.stderr)")
        #expect(run.stderr.contains("[recipe.control-character]"))
    }

    @Test("a service missing from the registry is reported once, not once per example")
    func missingServiceOnce() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace("service: FCMImageService", with: "service: NoSuchService", in: "recipe.md")
        for run in [try w.check(), try w.build()] {
            #expect(run.status == 1)
            #expect(run.stderr.components(separatedBy: "service 'NoSuchService' is not in the recipe registry").count == 2, "\(run.stderr)")
        }
    }

    @Test("the site is the same however --recipes is spelled, and no page names a path of this machine",
          arguments: ["./recipes", "recipes/", "ABSOLUTE", "../WORKSPACE/recipes"])
    func recipesSpelling(spelling: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        #expect(try w.build().status == 0)
        let reference = HostileWorkspace.snapshot(w.out)
        let recipes = spelling == "ABSOLUTE" ? w.recipes.path : spelling.replacingOccurrences(of: "WORKSPACE", with: w.root.lastPathComponent)
        let run = try w.run(["build", "--recipes", recipes, "--out", "other", "--no-cache"])
        #expect(run.status == 0, "\(run.stderr)")
        let other = HostileWorkspace.snapshot(w.root.appendingPathComponent("other"))
        #expect(other == reference, "differs: \(Set(other.keys).symmetricDifference(reference.keys).sorted().prefix(5)) \(other.filter { reference[$0.key] != $0.value }.keys.sorted().prefix(5))")
        for (path, data) in other {
            #expect(!String(decoding: data, as: UTF8.self).contains(w.root.path), "\(path) names the workspace's path")
            #expect(!String(decoding: data, as: UTF8.self).contains(TemporaryFolder.root.path + "/pushbook-"), "\(path) names a temporary path")
        }
    }
}
