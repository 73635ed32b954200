import Foundation
import Cookbook
import Recipes

/// `pushbook build`: verify every example and render the site.
enum BuildCommand: PushbookCommand {
    static let name = "build"
    static let abstract = "Run and verify every recipe, then render the site."
    static let help = """
        OVERVIEW: Runs every example of every recipe, verifies it against expected/, and renders the
        cookbook into a static site that works offline. The site is written to a temporary folder and
        swapped in whole; on any failure the previous site is left untouched.

        Recipes run in a few worker processes (two per core by default), so a recipe whose code
        crashes is reported as that recipe's failure while the others build. Runs and pages are
        cached in .pushbook-cache/ by a hash of each recipe's files and of the tool itself.

        USAGE: pushbook build [--recipes DIR] [--out DIR] [--no-cache] [--jobs N]

        OPTIONS:
          --recipes DIR   The recipes folder (default: Recipes).
          --out DIR       Where the site goes (default: site).
          --no-cache      Ignore cached example runs and pages (a cold build).
          --jobs N        Worker processes (default: twice the number of cores, since a
                          simulated run spends part of its time waiting on Foundation's queues).
          -h, --help      Show this help.
        """

    /// The recipes folder as messages name it: as given, without a trailing slash.
    static func displayName(_ folder: String) -> String {
        var name = folder
        while name.count > 1 && name.hasSuffix("/") { name.removeLast() }
        return name
    }

    /// Worker processes of this binary, the cache in `.pushbook-cache/` (unless `cache` is false),
    /// and a progress line when standard error is a terminal.
    static func workerOptions(jobs: Int, cache: Bool) -> CookbookProject.BuildOptions {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let progress: (@Sendable (Int, Int, String) -> Void)? = isatty(STDERR_FILENO) == 1 ? showProgress : nil
        let workerExecutable: URL? = FileManager.default.isExecutableFile(atPath: executable.path) ? executable : nil
        let cacheFolder: URL? = cache ? URL(fileURLWithPath: ".pushbook-cache", isDirectory: true) : nil
        return CookbookProject.BuildOptions(workerExecutable: workerExecutable, workers: jobs, cacheFolder: cacheFolder,
                                            toolStamp: toolStamp(executable), progress: progress)
    }

    /// Rewrites one progress line on a terminal's standard error.
    @Sendable static func showProgress(done: Int, total: Int, id: String) {
        let line = done == total ? "\r\u{1B}[2K" : "\r\u{1B}[2K[\(done)/\(total)] \(id)"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The tool's identity for cache keys: its version, and the size and date of its binary.
    static func toolStamp(_ executable: URL) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(Pushbook.version) \(size) \(date)"
    }

    static func run(_ arguments: inout ArgumentParser) throws -> Outcome {
        let recipes = try arguments.option("--recipes") ?? "Recipes"
        let out = try arguments.option("--out") ?? "site"
        let noCache = arguments.flag("--no-cache")
        let jobs = try arguments.option("--jobs").map { value -> Int in
            guard let n = Int(value), n >= 1, n <= 64 else { throw UsageError(message: "--jobs takes a whole number from 1 to 64") }
            return n
        } ?? 2 * ProcessInfo.processInfo.activeProcessorCount
        let extra = try arguments.positionals(known: ["--recipes", "--out", "--no-cache", "--jobs"])
        guard extra.isEmpty else { throw UsageError(message: "build takes no positional arguments (got '\(extra[0])')") }
        let project = CookbookProject(recipesFolder: URL(fileURLWithPath: recipes, isDirectory: true), displayRoot: displayName(recipes),
                                      entryPoints: RecipeRegistry.entryPoints)
        let shown = displayName(out)
        var options = workerOptions(jobs: jobs, cache: !noCache)
        options.waiting = { lock in printError("waiting for another build into '\(shown)' to finish (it holds \(lock))") }
        options.interruptedMessage = "build interrupted: '\(shown)' was left as it was"
        let report = project.build(output: URL(fileURLWithPath: out, isDirectory: true), shownAs: shown, options: options)
        for message in report.notes + report.messages { printError(message) }
        if report.refused { return .unreadable }
        guard report.succeeded else {
            printError("build failed: '\(shown)' was left as it was")
            return .checkFailed
        }
        print("built '\(shown)': \(report.recipes) recipes, \(report.examples) examples verified (\(report.cached) recipes from the cache), \(report.filesWritten) files")
        return .success
    }
}
