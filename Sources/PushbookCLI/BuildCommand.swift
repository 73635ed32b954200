import Foundation
import Cookbook

/// `pushbook build`: verify every example and render the site.
enum BuildCommand {
    /// Where the site goes.
    static let out = OptionSpec.value("--out", "DIR",
        help: "Where the site goes: a new or empty folder, or a site pushbook built (one with a .pushbook-manifest listing every file in it).",
        default: "site")
    /// A cold build.
    static let noCache = OptionSpec.flag("--no-cache", help: "Ignore cached example runs and pages (a cold build).")
    /// Rebuild on every change.
    static let watch = OptionSpec.flag("--watch",
        help: "Build, then rebuild whenever a file under the recipes folder changes (one status line each); Ctrl-C stops and leaves the site whole. A changed .swift file needs `swift build` first.")
    /// How to print the build's problems.
    static let format = OutputFormat.option([.text, .sarif, .github],
        help: "text (problems on standard error), sarif (a SARIF 2.1.0 log of every problem, for code scanning) or github (GitHub Actions workflow commands, shown as annotations on the pull request); with sarif and github the log goes to standard output and the summary line to standard error. Not with --watch.")

    /// The command's declaration.
    static let spec = CommandSpec(
        name: "build",
        abstract: "Run and verify every recipe, then render the site.",
        overview: """
            Runs every example of every recipe, verifies it against expected/, and renders the
            cookbook into a static site that works offline. The site is written to a staging folder and
            swapped in whole; on any failure the previous site is left untouched. Two builds into one
            --out take turns (a lock file beside it), and SIGINT/SIGTERM leave the old site.

            Recipes run in a few worker processes, so a recipe whose code crashes is reported as that
            recipe's failure while the others build. Runs and pages are cached in .pushbook-cache/ by
            a hash of each recipe's files and of the tool itself; a cache entry is checked before use.
            When nothing changed since the build that made the site (the tool, and the metadata of
            every recipe file and every site file, recorded in .pushbook-cache/stamp), the site is left
            as it is and the build says it is up to date.
            """,
        options: [CommonOptions.recipes, out, noCache, watch, format, CommonOptions.rulesURL, CommonOptions.jobs, CommonOptions.verbose],
        arguments: [],
        epilogue: """
            EXIT STATUS: 0 built, 1 a check failed (the old site is kept), 2 bad usage or an --out that
            is not a site pushbook built (nothing was touched).
            """,
        run: run)

    /// The recipes folder as messages name it: as given, without a trailing slash.
    static func displayName(_ folder: String) -> String {
        var name = folder
        while name.count > 1 && name.hasSuffix("/") { name.removeLast() }
        return name
    }

    /// Worker processes of this binary, the cache in `.pushbook-cache/` (unless `cache` is false),
    /// and a progress line when standard error is a terminal.
    static func workerOptions(jobs: Int, cache: Bool, verbose: Bool) -> CookbookProject.BuildOptions {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let progress: (@Sendable (Int, Int, String) -> Void)? = isatty(STDERR_FILENO) == 1 ? showProgress : nil
        let workerExecutable: URL? = FileManager.default.isExecutableFile(atPath: executable.path) ? executable : nil
        let cacheFolder: URL? = cache ? URL(fileURLWithPath: ".pushbook-cache", isDirectory: true) : nil
        var options = CookbookProject.BuildOptions(workerExecutable: workerExecutable, workers: jobs, cacheFolder: cacheFolder,
                                                   toolStamp: toolStamp(executable), progress: progress)
        options.verbose = verbose
        return options
    }

    /// Rewrites one progress line on a terminal's standard error.
    @Sendable static func showProgress(done: Int, total: Int, id: String) {
        let line = done == total ? "\r\u{1B}[2K" : "\r\u{1B}[2K[\(done)/\(total)] \(id)"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The tool's identity for cache keys and the build stamp: its version and its build id (or
    /// its binary's digest), without white space.
    static func toolStamp(_ executable: URL) -> String {
        "\(PushbookCLI.version)+\(ToolIdentity.current)".replacingOccurrences(of: " ", with: "_")
    }

    @Sendable static func run(_ arguments: ParsedArguments) throws -> Outcome {
        let recipes = arguments.value(CommonOptions.recipes) ?? "Recipes"
        let out = arguments.value(Self.out) ?? "site"
        let jobs = try CommonOptions.jobs(arguments)
        let format = try CommonOptions.format(Self.format, arguments)
        let rulesPage = try CommonOptions.rulesURL(arguments)
        guard arguments.positionals.isEmpty else { throw UsageError(message: "build takes no arguments (got '\(arguments.positionals[0])')") }
        if arguments.flag(watch) && format != .text {
            throw UsageError(message: "--format \(format) prints one build's problems; --watch prints a status line per rebuild (use --format text, the default, with --watch)")
        }
        let project = CookbookProject(recipesFolder: URL(fileURLWithPath: recipes, isDirectory: true), displayRoot: displayName(recipes),
                                      entryPoints: arguments.entryPoints)
        let shown = displayName(out)
        var options = workerOptions(jobs: jobs, cache: !arguments.flag(noCache), verbose: arguments.flag(CommonOptions.verbose))
        options.waiting = { lock in printError("waiting for another build into '\(shown)' to finish (it holds \(lock))") }
        options.interruptedMessage = "build interrupted: '\(shown)' was left as it was"
        if arguments.flag(watch) {
            return WatchMode.run(project: project, output: URL(fileURLWithPath: out, isDirectory: true), shown: shown,
                                 recipesShown: displayName(recipes), options: options)
        }
        let report = project.build(output: URL(fileURLWithPath: out, isDirectory: true), shownAs: shown, options: options)
        // The summary is the output in text; with a log on standard output, it goes to standard error.
        let summary: (String) -> Void = format == .text ? { print($0) } : { printError($0) }
        printProblems(report, format: format, rulesPage: rulesPage)
        if report.refused { return .unreadable }
        if report.upToDate {
            summary("'\(shown)' is up to date: nothing changed since the build that made it (\(report.recipes) recipes)")
            return .success
        }
        guard report.succeeded else {
            printError("build failed: '\(shown)' was left as it was")
            return .checkFailed
        }
        summary("built '\(shown)': \(report.recipes) recipes, \(report.examples) examples verified (\(report.cached) recipes from the cache), \(report.filesWritten) files")
        return .success
    }

    /// Prints the build's problems in `format`: each on standard error as text, or the SARIF log or
    /// the workflow commands on standard output (an `--out` refused untouched is a problem that
    /// stopped the build, not a finding: a tool execution notification in SARIF).
    static func printProblems(_ report: CookbookProject.BuildReport, format: OutputFormat, rulesPage: String?) {
        let found = report.diagnostics
        switch format {
        case .sarif:
            let log = report.refused ? SARIFLog(results: [], notifications: found, columns: .reading(found), rulesPage: rulesPage)
                                     : SARIFLog(results: found, columns: .reading(found), rulesPage: rulesPage)
            print(log.text, terminator: "")
        case .github: print(GitHubAnnotations(diagnostics: found, columns: .reading(found)).text, terminator: "")
        default: for diagnostic in found { printError(diagnostic.text) }
        }
    }
}
