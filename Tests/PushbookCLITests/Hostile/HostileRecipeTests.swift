import Foundation
import Testing

/// Recipe folders broken on purpose: bad bytes, broken front matter, missing files.
@Suite("Hostile input: recipe files", .serialized)
struct HostileRecipeTests {
    /// Runs check on a broken copy and expects exit 1 with `expected` in stderr, and no crash.
    private func expectCheckFails(_ w: HostileWorkspace, with expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try w.check()
        #expect(!run.crashed, "\(run.stderr.prefix(2000))", sourceLocation: sourceLocation)
        #expect(run.status == 1, "exit \(run.status)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(expected), "expected '\(expected)' in:\n\(run.stderr.prefix(2000))", sourceLocation: sourceLocation)
    }

    // MARK: invalid UTF-8

    @Test("invalid UTF-8 in recipe.md's prose is an error at the line and column of the bad byte")
    func invalidUTF8InProse() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let line = try w.appendProse("Some text\n")
        var bytes = Array(try w.read("recipe.md").utf8)
        bytes += Array("caf".utf8) + [0xFF, 0xFE] + Array(" au lait\n".utf8)
        try w.write("recipe.md", bytes)
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:\(line + 1):4: error: recipe.md is not valid UTF-8 (byte 0xFF)")
    }

    @Test("invalid UTF-8 in a front matter value is an error on that line")
    func invalidUTF8InFrontMatter() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let text = try w.read("recipe.md")
        let bytes = Array(text.utf8)
        let title = Array("title: ".utf8)
        guard let start = (0..<bytes.count).first(where: { Array(bytes[$0..<min($0 + title.count, bytes.count)]) == title }) else { throw HostileError("no title") }
        var mutated = bytes
        mutated.insert(contentsOf: [0xC3, 0x28], at: start + title.count + 3) // "Sho\xC3(w the image…"
        try w.write("recipe.md", mutated)
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:2:11: error: recipe.md is not valid UTF-8 (byte 0xC3)")
    }

    @Test("an included file that is not UTF-8 fails the build with the include's line, and no site is written")
    func invalidUTF8InInclude() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.write("Notes.txt", Array("fine\n".utf8) + [0x80, 0x81])
        let line = try w.appendProse("```include Notes.txt\n```\n")
        let run = try w.build()
        #expect(!run.crashed)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error:"), "\(run.stderr)")
        #expect(run.stderr.contains("Notes.txt"))
        #expect(!FileManager.default.fileExists(atPath: w.out.path))
    }

    // MARK: broken front matter

    @Test("front matter that is never closed is an error at its opening line")
    func unclosedFrontMatter() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let text = try w.read("recipe.md")
        // Drop the closing '---' (the second line that is exactly '---').
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let closing = lines.dropFirst().firstIndex(of: "---") else { throw HostileError("no closing line") }
        lines.remove(at: closing)
        try w.write("recipe.md", lines.joined(separator: "\n"))
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:1:1: error: the front matter opened here is never closed")
    }

    @Test("recipe.md without front matter is an error at 1:1")
    func noFrontMatter() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.write("recipe.md", "# Just prose\n\nNo front matter here.\n")
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:1:1: error: recipe.md must start with a front matter block")
    }

    @Test("an unknown front matter key is an error on its line, with a suggestion")
    func unknownKey() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace("\ntopic:", with: "\ntopik:", in: "recipe.md")
        let line = try w.line(startingWith: "topik:")
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:\(line):1: error: unknown front matter key 'topik'. Did you mean 'topic'?")
    }

    @Test("a list item with no key above it is an error at the item's column")
    func listWithoutKey() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace("---\n", with: "---\n  - orphan\n", in: "recipe.md")
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:2:3: error: an indented line must be a list item")
    }

    @Test("a key given twice is an error on its second line")
    func duplicateKey() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace("\ntopic:", with: "\ntopic: A\ntopic:", in: "recipe.md")
        let line = try w.line(startingWith: "topic:") + 1
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:\(line):1: error: 'topic' is given twice")
    }

    @Test("a front matter line without a colon is an error on that line")
    func lineWithoutColon() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace("\ntopic:", with: "\njust words\ntopic:", in: "recipe.md")
        let line = try w.line(startingWith: "just words")
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:\(line):1: error: expected 'key: value'")
    }

    @Test("tabs indenting list items and after colons are read as spaces, and the recipe still checks")
    func tabsAreWhitespace() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace("\n  - fcm\n", with: "\n\t- fcm\n", in: "recipe.md")
        try w.replace("\ntopic: ", with: "\ntopic:\t", in: "recipe.md")
        let run = try w.check()
        #expect(!run.crashed)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("a non-numeric order and an empty title are errors on their lines")
    func badValues() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace("\norder: 1\n", with: "\norder: first\n", in: "recipe.md")
        let line = try w.line(startingWith: "order:")
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:\(line):1: error: 'order' must be a whole number")

        let v = try HostileWorkspace()
        defer { v.remove() }
        let title = try v.line(startingWith: "title:")
        let text = try v.read("recipe.md").split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset + 1 == title ? "title:" : String($0.element) }.joined(separator: "\n")
        try v.write("recipe.md", text)
        try expectCheckFails(v, with: "recipes/fcm-image/recipe.md:\(title):1: error: 'title' must be a non-empty value")
    }

    @Test("an unknown example option is an error on the example's line")
    func unknownExampleOption() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.replace("  - webp-image caption=", with: "  - webp-image <script> caption=", in: "recipe.md")
        let line = try w.line(startingWith: "  - webp-image")
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:\(line):1: error: unknown example option '<script>'")
    }

    // MARK: missing files

    @Test("a recipe folder without recipe.md is an error naming the file")
    func missingRecipeMarkdown() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.removeItem(at: w.file("recipe.md"))
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:1:1: error: missing recipe.md")
    }

    @Test("an example listed in the front matter without its input file is an error on its line")
    func listedExampleMissing() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.removeItem(at: w.file("examples/webp-image.json"))
        let line = try w.line(startingWith: "  - webp-image")
        try expectCheckFails(w, with: "recipes/fcm-image/recipe.md:\(line):1: error: example 'webp-image' has no input file")
    }

    @Test("an include of a missing file fails the build at the include's line, and no site is written")
    func includeMissing() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let line = try w.appendProse("```include Missing.swift\n```\n")
        let run = try w.build()
        #expect(!run.crashed)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error: cannot read 'Missing.swift'"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: w.out.path))
    }

    @Test("a fixture file the manifest names but that is missing is an error at the manifest's 'file' value")
    func fixtureMissing() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.removeItem(at: w.file("fixtures/tiny.webp"))
        let line = try w.line(startingWith: "  \"https://images.example.com/tiny.webp\"", in: "fixtures/manifest.json")
        let run = try w.check()
        #expect(!run.crashed)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/fixtures/manifest.json:\(line):"), "\(run.stderr)")
        #expect(run.stderr.contains("error: cannot read fixture file 'tiny.webp'"))
    }

    @Test("a malformed fixture manifest is an error at its position")
    func malformedManifest() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.write("fixtures/manifest.json", "{\n  \"https://a.example/x.png\": {\"file\": \"x.png\", \"status\": 99999}\n}\n")
        try w.write("fixtures/x.png", "x")
        try expectCheckFails(w, with: "recipes/fcm-image/fixtures/manifest.json:2:58: error: 'status' must be a whole number from 100 to 599")
    }

    @Test("a recipes folder that does not exist is an error naming it")
    func missingRecipesFolder() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let missing = try w.run(["check", "--recipes", "no-such-folder"])
        #expect(!missing.crashed)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no-such-folder"))
    }
}

/// Line endings from other systems.
@Suite("Hostile input: line endings", .serialized)
struct HostileLineEndingTests {
    @Test("a recipe whose recipe.md and Swift file use CRLF line endings checks and builds like the original")
    func crlfRecipeBuilds() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        for path in ["recipe.md", "FCMImageService.swift"] {
            try w.write(path, try w.read(path).replacingOccurrences(of: "\n", with: "\r\n"))
        }
        let check = try w.check()
        #expect(!check.crashed)
        #expect(check.status == 0, "\(check.stderr)")
        let build = try w.build()
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8)
        #expect(!page.contains("FoundationNetworking"))
    }
}
