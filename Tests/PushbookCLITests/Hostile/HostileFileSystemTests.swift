import Foundation
import Testing
import ToolchainSupport
#if canImport(Glibc)
import Glibc
#endif

/// The file system turned against a build: trees deeper than any walk should go, read-only and
/// unreadable files, links to nowhere, and a temporary folder inside the folders being built.
@Suite("Hostile input: the file system", .serialized)
struct HostileFileSystemTests {
    @Test("a recipe folder nested 20,000 levels deep is a file error with exit 1 from build and check, not a crash")
    func deeplyNestedFolderIsAFileError() throws {
        let w = try HostileWorkspace()
        defer { DeepFolder.remove(w.root) }
        try DeepFolder.make(in: w.file("fixtures"), depth: 20_000)
        for run in [try w.check(), try w.build()] {
            #expect(!run.crashed, "\(run.stderr.prefix(2000))")
            #expect(run.status == 1, "exit \(run.status)")
            #expect(run.stderr.contains("recipes/fcm-image/fixtures/d/d/d/"), "\(run.stderr.prefix(2000))")
            #expect(run.stderr.contains("folders are nested deeper than 64 levels here"), "\(run.stderr.prefix(2000))")
            #expect(run.stderr.contains("[recipe.file-kind]"), "\(run.stderr.prefix(2000))")
        }
        #expect(!FileManager.default.fileExists(atPath: w.out.path), "no site is written")
    }

    @Test("a dangling --out link is refused as a symbolic link to a folder that does not exist, and stays as it was")
    func danglingOutLinkIsNamedAsALink() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        try FileManager.default.createSymbolicLink(atPath: w.root.appendingPathComponent("dangling").path, withDestinationPath: "nowhere/site")
        let run = try w.run(["build", "--recipes", "recipes", "--out", "dangling", "--no-cache"])
        #expect(run.status == 2, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("refusing to replace 'dangling': it is a symbolic link to 'nowhere/site', which does not exist"), "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: w.root.appendingPathComponent("dangling").path) == "nowhere/site")
        #expect(!FileManager.default.fileExists(atPath: w.root.appendingPathComponent("nowhere").path))
    }

    @Test("a read-only old site is replaced, and no copy of it is left beside --out")
    func readOnlyOldSiteLeavesNoCopy() throws {
        let w = try OtherUserWorkspace()
        defer { w.remove() }
        let first = try w.run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
        try #require(first.status == 0, "\(first.stderr)")
        try w.chmodTree("out", removing: 0o222)
        try w.append(" \n", to: "recipes/fcm-image/recipe.md")
        let second = try w.run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"])
        #expect(second.status == 0, "\(second.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: w.root.path).filter { $0.hasPrefix(".out.staging") }
        #expect(left.isEmpty, "the old site was removed: \(left)")
        let page = try String(contentsOf: w.root.appendingPathComponent("out/index.html"), encoding: .utf8)
        #expect(page.contains("<html"), "the new site is in place")
    }

    @Test("an unreadable recipe.md or examples folder is reported as unreadable, with the reason, not as missing")
    func unreadableIsNotMissing() throws {
        let w = try OtherUserWorkspace()
        defer { w.remove() }
        chmod(w.root.appendingPathComponent("recipes/fcm-image/recipe.md").path, 0)
        let markdown = try w.run(["check", "--recipes", "recipes"])
        #expect(markdown.status == 1, "\(markdown.stderr)")
        #expect(markdown.stderr.contains("recipes/fcm-image/recipe.md:1:1: error: cannot read 'recipe.md': Permission denied"), "\(markdown.stderr)")
        #expect(!markdown.stderr.contains("missing recipe.md"), "\(markdown.stderr)")

        chmod(w.root.appendingPathComponent("recipes/fcm-image/recipe.md").path, 0o644)
        chmod(w.root.appendingPathComponent("recipes/fcm-image/examples").path, 0)
        let examples = try w.run(["check", "--recipes", "recipes"])
        #expect(examples.status == 1, "\(examples.stderr)")
        #expect(examples.stderr.contains("recipes/fcm-image/examples:1:1: error: cannot read the folder 'examples': Permission denied"), "\(examples.stderr)")
        #expect(!examples.stderr.contains("has no input file"), "\(examples.stderr)")
        chmod(w.root.appendingPathComponent("recipes/fcm-image/examples").path, 0o755)
    }

    @Test("a temporary folder inside the recipes folder or --out is moved to /tmp: the build neither blames a recipe nor refuses the site")
    func temporaryFolderInsideTheBuildsFoldersIsMoved() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let inRecipes = try w.run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"], environment: ["TMPDIR": w.recipes.path])
        #expect(inRecipes.status == 0, "\(inRecipes.stderr)")
        #expect(inRecipes.stderr.contains("is inside '"), "the move is said: \(inRecipes.stderr)")
        #expect(!inRecipes.stderr.contains("missing recipe.md"), "\(inRecipes.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.recipes.path) == ["fcm-image"], "nothing was made in the recipes folder")

        try w.appendProse("One more line.\n")
        let inOut = try w.run(["build", "--recipes", "recipes", "--out", "out"], environment: ["TMPDIR": w.out.path])
        #expect(inOut.status == 0, "\(inOut.stderr)")
        #expect(!inOut.stderr.contains("did not write"), "\(inOut.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.out.path).allSatisfy { !$0.hasPrefix("pushbook-") })
    }
}

/// A workspace in which `pushbook` runs as a user who is not root (as `nobody` through `setpriv`
/// when the tests run as root, whom permissions do not stop): a copy of `fcm-image` in `recipes/`,
/// a copy of the binary, and a temporary folder of its own, all reachable by that user.
struct OtherUserWorkspace {
    /// The workspace, in `/tmp` so that the other user can reach it.
    let root: URL

    /// Makes the workspace.
    init() throws {
        var template = Array("/tmp/pushbook-other-user-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HostileError("mkdtemp failed") }
        root = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        chmod(root.path, 0o777)
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("recipes"), withIntermediateDirectories: true)
        try fm.copyItem(at: CommandRunner.packageRoot.appendingPathComponent("Recipes/fcm-image"), to: root.appendingPathComponent("recipes/fcm-image"))
        try fm.createDirectory(at: root.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        chmod(root.appendingPathComponent("tmp").path, 0o777)
        try fm.copyItem(at: CommandRunner.binary, to: root.appendingPathComponent("pushbook"))
        if getuid() == 0 { try own(root) }
    }

    /// Gives every file of `folder` to `nobody`, as if that user had made it.
    private func own(_ folder: URL) throws {
        let paths = [folder.path] + (FileManager.default.subpaths(atPath: folder.path) ?? []).map { folder.path + "/" + $0 }
        for path in paths { lchown(path, 65534, 65534) }
    }

    /// Runs the copied `pushbook` with `arguments` in the workspace, as that user.
    func run(_ arguments: [String]) throws -> HostileWorkspace.Run {
        let process = Process()
        let binary = root.appendingPathComponent("pushbook").path
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": root.appendingPathComponent("tmp").path, "HOME": root.path]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return HostileWorkspace.Run(status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
                                    stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Takes the `removing` permission bits off every file and folder under `path`.
    func chmodTree(_ path: String, removing bits: mode_t) throws {
        let base = root.appendingPathComponent(path).path
        for path in [base] + (FileManager.default.subpaths(atPath: base) ?? []).map({ base + "/" + $0 }) {
            var info = stat()
            guard lstat(path, &info) == 0 else { throw HostileError("cannot stat \(path)") }
            chmod(path, info.st_mode & 0o7777 & ~bits)
        }
    }

    /// Appends `text` to the file at `path`.
    func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Removes the workspace, read-only folders included.
    func remove() { DeepFolder.remove(root) }
}
