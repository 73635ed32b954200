import Foundation
import Testing

/// Paths in a recipe that try to leave its folder, and builds that must write nowhere but `--out`.
@Suite("Hostile input: paths out of the recipe", .serialized)
struct HostilePathTests {
    /// A file outside every recipe whose contents must never show up in output.
    private static func secret(in w: HostileWorkspace) throws -> URL {
        let secret = w.root.appendingPathComponent("secret.txt")
        try "TOP-SECRET-\(UUID().uuidString)".write(to: secret, atomically: true, encoding: .utf8)
        return secret
    }

    @Test("fixture files given as ../, as an absolute path or through a symlink are errors at the manifest's value, and are never read",
          arguments: ["../../../secret.txt", "ABSOLUTE", "link.webp", "linked-dir/secret.txt"])
    func fixtureEscapes(path: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let secret = try Self.secret(in: w)
        if path == "link.webp" { try FileManager.default.createSymbolicLink(at: w.file("fixtures/link.webp"), withDestinationURL: secret) }
        if path.hasPrefix("linked-dir") { try FileManager.default.createSymbolicLink(at: w.file("fixtures/linked-dir"), withDestinationURL: w.root) }
        let value = path == "ABSOLUTE" ? secret.path : path
        try w.replace("\"file\": \"tiny.webp\"", with: "\"file\": \"\(value)\"", in: "fixtures/manifest.json")
        let line = try w.line(startingWith: "  \"https://images.example.com/tiny.webp\"", in: "fixtures/manifest.json")
        let text = try w.read("fixtures/manifest.json").split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        let column = text.range(of: "\"\(value)\"").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) + 1 } ?? 0
        let run = try w.check()
        #expect(!run.crashed)
        #expect(run.status == 1)
        if path == "link.webp" || path.hasPrefix("linked-dir") {
            // One rule for symlinks in a recipe: refused wherever they are, before anything is read.
            let link = path == "link.webp" ? "fixtures/link.webp" : "fixtures/linked-dir"
            #expect(run.stderr.contains("recipes/fcm-image/\(link):1:1: error: '\(link)' is a symbolic link; a recipe holds regular files only"), "\(run.stderr)")
            #expect(run.stderr.contains("[recipe.symlink]"))
        } else {
            #expect(run.stderr.contains("recipes/fcm-image/fixtures/manifest.json:\(line):\(column): error: fixture file '\(value)' is outside the manifest's folder"), "\(run.stderr)")
        }
        #expect(!run.stderr.contains("TOP-SECRET") && !run.stdout.contains("TOP-SECRET"))
    }

    @Test("includes given as ../, as an absolute path or through a symlink fail the build at the include's line, and no site is written",
          arguments: ["../../secret.txt", "ABSOLUTE", "leak.txt", "linked-dir/secret.txt"])
    func includeEscapes(path: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let secret = try Self.secret(in: w)
        if path == "leak.txt" { try FileManager.default.createSymbolicLink(at: w.file("leak.txt"), withDestinationURL: secret) }
        if path.hasPrefix("linked-dir") { try FileManager.default.createSymbolicLink(at: w.file("linked-dir"), withDestinationURL: w.root) }
        let value = path == "ABSOLUTE" ? secret.path : path
        let line = try w.appendProse("```include \(value)\n```\n")
        let run = try w.build()
        #expect(!run.crashed)
        #expect(run.status == 1)
        if path == "leak.txt" || path.hasPrefix("linked-dir") {
            let link = path == "leak.txt" ? "leak.txt" : "linked-dir"
            #expect(run.stderr.contains("recipes/fcm-image/\(link):1:1: error: '\(link)' is a symbolic link; a recipe holds regular files only"), "\(run.stderr)")
        } else {
            #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error: '\(value)' is outside the recipe's folder"), "\(run.stderr)")
        }
        #expect(!run.stderr.contains("TOP-SECRET") && !run.stdout.contains("TOP-SECRET"))
        #expect(!FileManager.default.fileExists(atPath: w.out.path))
    }

    @Test("an app folder outside the recipe, in the front matter or an example's app= option, is an error on its line",
          arguments: ["app: ../..", "app: /etc", "EXAMPLE app=../../recipes"])
    func appFolderEscapes(setting: String) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        if setting.hasPrefix("EXAMPLE ") {
            try w.replace("  - webp-image caption=", with: "  - webp-image \(setting.dropFirst(8)) caption=", in: "recipe.md")
        } else {
            try w.replace("\ntopic:", with: "\n\(setting)\ntopic:", in: "recipe.md")
        }
        let line = setting.hasPrefix("EXAMPLE ") ? try w.line(startingWith: "  - webp-image") : try w.line(startingWith: "app:")
        let run = try w.check()
        #expect(!run.crashed)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipes/fcm-image/recipe.md:\(line):1: error:"), "\(run.stderr)")
        #expect(run.stderr.contains("is outside the recipe's folder"))
    }

    @Test("a build, passing or failing, writes nothing outside --out: the recipes and the folder around them are unchanged")
    func buildWritesOnlyIntoOut() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let before = w.everythingButOut
        let passing = try w.build()
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(FileManager.default.fileExists(atPath: w.out.appendingPathComponent("index.html").path))
        #expect(w.everythingButOut == before, "changed: \(Set(w.everythingButOut.keys).symmetricDifference(before.keys).sorted())")

        try w.appendProse("```include ../../secret.txt\n```\n")
        let broken = w.everythingButOut
        let failing = try w.build()
        #expect(failing.status == 1)
        #expect(w.everythingButOut == broken, "changed: \(Set(w.everythingButOut.keys).symmetricDifference(broken.keys).sorted())")
    }
}
