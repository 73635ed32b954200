import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import ToolchainSupport

/// Pages load nothing from the network, links stay inside the site and are decoded as
/// browsers do; headings, includes and file names that once broke a page.
@Suite("Safety: what pages load and link", .serialized)
struct PageSafetyTests {
    @Test("an image from the network, or of a foreign scheme, in prose fails the build at its line and column, saying what to do",
          arguments: ["https://tracker.example/pixel.png", "http://tracker.example/p2.gif", "//tracker.example/p.png", "HTTPS://T.EXAMPLE/x.png",
                      "data:text/html,<script>alert(1)</script>", "javascript:alert(1)", "ftp://x.example/a.png"])
    func remoteImages(url: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let line = try w.appendProse("Look: ![pixel](\(url)) and [a link](https://firebase.google.com/) stays allowed.\n")
        let run = try w.build()
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):7: error: the image '"), "\(run.stderr)")
        #expect(run.stderr.contains("put the image file in the recipe folder"), "\(run.stderr)")
        #expect(run.stderr.contains("[recipe.remote-resource]"))
        #expect(!FileManager.default.fileExists(atPath: w.out.path))
    }

    @Test("an image file of the recipe is copied into the site and shown from there; a data: PNG stays inline; links to the web stay")
    func localImages() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.createDirectory(at: w.file("images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: w.file("fixtures/large.png"), to: w.file("images/diagram.png"))
        try w.appendProse("![A diagram](images/diagram.png) ![dot](data:image/png;base64,iVBORw0KGgo=) [Firebase](https://firebase.google.com/)\n")
        let run = try w.build()
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8)
        #expect(page.contains("src=\"../media/fcm-image/images/diagram.png\""), "\(page.prefix(0))")
        #expect(page.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""))
        #expect(page.contains("href=\"https://firebase.google.com/\""))
        #expect(try Data(contentsOf: w.out.appendingPathComponent("media/fcm-image/images/diagram.png")) == Data(contentsOf: w.file("images/diagram.png")))
    }

    @Test("a prose image that is missing, outside the recipe, or not a PNG, JPEG, GIF or WebP is an error at its position",
          arguments: ["images/missing.png", "../payload-pitfalls/x.png", "/etc/hostname.png", "fixtures/manifest.json", "a%20b.png"])
    func badLocalImages(path: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let line = try w.appendProse("![x](\(path))\n")
        let run = try w.build()
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error:"), "\(run.stderr)")
        #expect(run.stderr.contains("[recipe.local-image]"), "\(run.stderr)")
    }

    @Test("a link that climbs out of the site's root fails the link check", arguments: ["../../index.html", "../../../../../index.html", "../../etc/passwd"])
    func linksOutOfTheRoot(href: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let line = try w.appendProse("[up](\(href))\n")
        let run = try w.build()
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error: broken link '\(href)' on page recipes/fcm-image.html: it climbs out of the site's root folder"), "\(run.stderr)")
    }

    @Test("a broken link is reported at the line and column where recipe.md wrote it, percent-encoded by cmark or not, with the page that holds it")
    func brokenLinkAtItsSource() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let line = try w.appendProse("[a](<with space.html>) then [b](gone.html#x)\n")
        let run = try w.build()
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error: broken link 'with%20space.html' on page recipes/fcm-image.html: no file 'recipes/with space.html' in the site [build.broken-link]"), "\(run.stderr)")
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):29: error: broken link 'gone.html#x' on page recipes/fcm-image.html"), "\(run.stderr)")
    }

    @Test("percent-encoded paths and anchors resolve as a browser resolves them")
    func percentEncodedLinks() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.appendProse("[page](fcm%2Dimage.html) [anchor](#example-webp%2Dimage) [both](../recipes/fcm-image.html#example%2Dwebp-image)\n")
        let run = try w.build()
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("a heading whose slug is an id of the layout gets another id; an example shown twice is an error at the second")
    func duplicateIDs() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try w.appendProse("## Site search q\n\nText.\n")
        let built = try w.build()
        #expect(built.status == 0, "\(built.stderr)")
        let page = try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "id=\"site-search-q\"").count == 2, "one element with the layout's id")
        let first = try w.line(startingWith: "```example webp-image")
        let line = try w.appendProse("```example webp-image\n```\n")
        let twice = try w.build()
        #expect(twice.status == 1)
        #expect(twice.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error: example 'webp-image' is already shown on line \(first)"), "\(twice.stderr)")
    }

    @Test("an include of a region that does not exist is reported at the include's line in recipe.md")
    func missingRegion() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let line = try w.appendProse("```include FCMImageService.swift region=nowhere\n```\n")
        let run = try w.build()
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error: no region 'snippet.nowhere' in 'recipes/fcm-image/FCMImageService.swift'"), "\(run.stderr)")
    }

    @Test("lint reads a file whose name is not UTF-8")
    func nonUTF8Argument() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-name-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".json".utf8)
        let payload = Array(#"{"aps": {"alert": "x", "badge": "b"}}"#.utf8)
        let descriptor = (name + [0]).withUnsafeBufferPointer { $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: name.count + 1) { creat($0, 0o644) } }
        #expect(descriptor >= 0)
        _ = payload.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        // Run through the shell, so the name reaches pushbook as its bytes.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "\"$0\" lint \"$1\"/bad$'\\xff'.json", CommandRunner.binary.path, folder.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(text)")
        #expect(text.contains("[apns.aps-key-type]"), "\(text)")
    }
}
