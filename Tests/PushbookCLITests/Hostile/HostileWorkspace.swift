import Foundation
import ToolchainSupport

/// A temporary folder holding a copy of a recipe to break on purpose, and what running `pushbook`
/// on it did: the exit, how the process ended, and every file of the folder before and after.
struct HostileWorkspace {
    /// The temporary folder: `recipes/<id>/` inside it, and `out/` once built.
    let root: URL
    /// The recipes folder.
    var recipes: URL { root.appendingPathComponent("recipes", isDirectory: true) }
    /// The site folder passed as `--out`.
    var out: URL { root.appendingPathComponent("out", isDirectory: true) }
    /// The copied recipe's folder.
    let recipe: URL

    /// Copies `Recipes/<id>` into a fresh temporary folder.
    init(copying id: String = "fcm-image") throws {
        root = TemporaryFolder.root.appendingPathComponent("pushbook-hostile-\(UUID().uuidString)", isDirectory: true)
        recipe = root.appendingPathComponent("recipes/\(id)", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("recipes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CommandRunner.packageRoot.appendingPathComponent("Recipes/\(id)"), to: recipe)
    }

    /// Removes the folder.
    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Copies `Recipes/<id>` beside the first recipe and returns its folder.
    @discardableResult
    func addRecipe(_ id: String) throws -> URL {
        let folder = recipes.appendingPathComponent(id, isDirectory: true)
        try FileManager.default.copyItem(at: CommandRunner.packageRoot.appendingPathComponent("Recipes/\(id)"), to: folder)
        return folder
    }

    // MARK: mutating the recipe

    /// A file of the recipe, by path relative to its folder.
    func file(_ path: String) -> URL { recipe.appendingPathComponent(path) }

    /// Reads a file of the recipe as UTF-8.
    func read(_ path: String) throws -> String { try String(contentsOf: file(path), encoding: .utf8) }

    /// Writes bytes to a file of the recipe, creating folders.
    func write(_ path: String, _ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(at: file(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file(path))
    }

    /// Writes text to a file of the recipe.
    func write(_ path: String, _ text: String) throws { try write(path, Array(text.utf8)) }

    /// Writes text to a file of the workspace (outside the recipe), creating folders.
    func writeOutside(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Replaces the first occurrence of `old` in a file; fails the test when it is not there.
    func replace(_ old: String, with new: String, in path: String) throws {
        let text = try read(path)
        guard let range = text.range(of: old) else { throw HostileError("'\(old)' is not in \(path)") }
        try write(path, text.replacingCharacters(in: range, with: new))
    }

    /// Appends Markdown to the end of `recipe.md`; returns the line number of its first line.
    @discardableResult
    func appendProse(_ markdown: String) throws -> Int {
        var text = try read("recipe.md")
        if !text.hasSuffix("\n") { text += "\n" }
        text += "\n"
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count
        try write("recipe.md", text + markdown)
        return line
    }

    /// The 1-based line of `recipe.md` that starts with `prefix`.
    func line(startingWith prefix: String, in path: String = "recipe.md") throws -> Int {
        let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { throw HostileError("no line starting with '\(prefix)' in \(path)") }
        return index + 1
    }

    // MARK: running

    /// What a run did.
    struct Run {
        var status: Int32
        /// False when the process died of a signal (a crash, a trap).
        var exitedNormally: Bool
        var stdout: String
        var stderr: String
        /// True when the output shows a Swift runtime trap or a sanitizer report.
        var crashed: Bool {
            !exitedNormally || stderr.contains("Fatal error") || stderr.contains("Stack dump") || stderr.contains("SUMMARY:")
        }
    }

    /// Runs `pushbook check --recipes <recipes>` in the workspace.
    func check(_ extra: [String] = []) throws -> Run { try run(["check", "--recipes", "recipes"] + extra) }

    /// Runs `pushbook build --recipes <recipes> --out out --no-cache` in the workspace.
    func build() throws -> Run { try run(["build", "--recipes", "recipes", "--out", "out", "--no-cache"]) }

    /// Runs `pushbook` with `arguments`, with the workspace as the working folder.
    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> Run {
        try start(arguments, stdin: stdin, environment: environment).finish()
    }

    /// A `pushbook` process started by `start`, still running.
    final class PendingRun: @unchecked Sendable {
        /// The process.
        let process: Process
        private let group = DispatchGroup()
        private var outData = Data(), errData = Data()

        init(_ process: Process, out: Pipe, err: Pipe) {
            self.process = process
            // Read both pipes at once, so that a large output on one cannot block the other.
            DispatchQueue.global().async(group: group) { self.errData = err.fileHandleForReading.readDataToEndOfFile() }
            DispatchQueue.global().async(group: group) { self.outData = out.fileHandleForReading.readDataToEndOfFile() }
        }

        /// Waits for the process and returns what it did.
        func finish() -> Run {
            group.wait()
            process.waitUntilExit()
            return Run(status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
                       stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
        }
    }

    /// Starts `pushbook` with `arguments` in the workspace and returns at once.
    func start(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil, binary: URL = CommandRunner.binary) throws -> PendingRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let pending = PendingRun(process, out: out, err: err)
        ChildInput.write(stdin ?? Data(), to: input.fileHandleForWriting)
        return pending
    }

    /// The site `out/` holds after a build of each of `versions` of `recipe.md` in turn (each must
    /// pass); `out/` is left holding the last.
    func referenceSites(_ versions: [String]) throws -> [[String: Data]] {
        try versions.map { text in
            try write("recipe.md", text)
            let run = try build()
            guard run.status == 0 else { throw HostileError("the reference build failed: \(run.stderr)") }
            return Self.snapshot(out)
        }
    }

    /// Builds `recipe.md` as `built` and returns that site, then writes `next` into `recipe.md`.
    func builtSite(_ built: String, thenWriting next: String) throws -> [String: Data] {
        let site = try referenceSites([built])[0]
        try write("recipe.md", next)
        return site
    }

    // MARK: what is on disk

    /// Every file and link under `folder` (relative path → contents, or the link's destination).
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: folder.path) else { return files }
        for case let path as String in walker {
            let full = folder.appendingPathComponent(path).path
            if let destination = try? fm.destinationOfSymbolicLink(atPath: full) {
                files[path] = Data(("-> " + destination).utf8)
                walker.skipDescendants()
                continue
            }
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue { files[path + "/"] = Data(); continue }
            files[path] = fm.contents(atPath: full) ?? Data()
        }
        return files
    }

    /// Every file of the workspace outside `out/`, but for the lock file a build keeps beside it
    /// (`.out.pushbook-lock`, empty: builds into one folder take turns by locking it).
    var everythingButOut: [String: Data] {
        Self.snapshot(root).filter {
            !$0.key.hasPrefix("out/") && $0.key != "out/" && $0.key != ".out.pushbook-lock"
        }
    }
}

/// A test set-up that went wrong.
struct HostileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
