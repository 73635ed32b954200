import Foundation
import Cookbook
import NotificationSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `pushbook build --watch`: builds, then rebuilds whenever a file under the recipes folder
/// changes, with one status line per rebuild on standard output.
///
/// Each rebuild is an ordinary build (the lock, the staging folder, the swap), so the build stamp
/// and the cache make it cheap: only the changed recipes run. Recipe code is compiled into the
/// tool, so when a `.swift` file changes the watch says so and builds nothing until the binary is
/// rebuilt (`swift build`); it then starts itself again from the new binary. SIGINT (Ctrl-C),
/// SIGTERM and SIGHUP stop it as they stop a build: the site is the old one or a whole new one,
/// and the lock goes with the process.
enum WatchMode {
    /// Runs until a signal stops the process.
    static func run(project: CookbookProject, output: URL, shown: String, recipesShown: String, options: CookbookProject.BuildOptions) -> Outcome {
        // The loaded recipes, their hashes and the checked cache entries carry over from one rebuild to the next.
        var options = options
        options.memory = BuildMemory()
        let watcher = FolderWatcher(root: project.recipesFolder)
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let binaryState = state(of: binary)
        print("watching '\(recipesShown)' (Ctrl-C stops; the site stays whole)")
        for warning in watcher.takeWarnings() { printError(warning) }
        // The code compiled in is the code as the watch starts: read before the first build, whose
        // status line comes before it returns (an edit right after that line is a change).
        let code = FolderWatcher.codeDigests(under: project.recipesFolder)
        options.touched = watcher.takeTouched()
        rebuild(project, output: output, shown: shown, options: options, changed: [])
        var staleCode: String?
        while true {
            let changed = watcher.next(timeout: 0.5)
            for warning in watcher.takeWarnings() { printError(warning) }
            if binaryState != nil, state(of: binary) != binaryState, isStable(binary) {
                print("the pushbook binary changed: starting it again")
                options.memory?.stopWorkers()
                restart(binary)
            }
            guard !changed.isEmpty else { continue }
            if let changedCode = staleCode ?? changedCode(changed, under: project.recipesFolder, built: code) {
                if staleCode == nil {
                    print("\(recipesShown)/\(changedCode) changed: recipe code is compiled into pushbook, so the tool must be rebuilt: run `swift build` (this watch starts the new binary by itself); nothing is rebuilt until then")
                }
                staleCode = changedCode
                fflush(nil)
                continue
            }
            // The inputs' fingerprint walks again only the folders with an event since the last build.
            options.touched = watcher.takeTouched()
            rebuild(project, output: output, shown: shown, options: options, changed: changed)
        }
    }

    /// The first `.swift` file whose bytes differ from `built` (the code when the watch started,
    /// which is the code compiled in), when `changed` names one or the whole folder; or nil.
    private static func changedCode(_ changed: [String], under recipes: URL, built: [String: String]) -> String? {
        guard changed.contains(where: { $0 == "." || $0.hasSuffix(".swift") || !$0.contains(".") }) else { return nil }
        let now = FolderWatcher.codeDigests(under: recipes)
        return Set(now.keys).union(built.keys).sorted().first { now[$0] != built[$0] }
    }

    /// One build and its status line, printed as soon as the new site is in place (the old site's
    /// removal and the stamp follow, and what they report comes after the line).
    private static func rebuild(_ project: CookbookProject, output: URL, shown: String, options: CookbookProject.BuildOptions, changed: [String]) {
        let start = Date()
        let cause = changed.isEmpty ? "" : " after \(changed.count == 1 ? changed[0] : "\(changed.count) changes") changed"
        // The diagnostics printed with the status line; nil until it is printed.
        let printed = Locked<Int?>(nil)
        @Sendable func status(_ report: CookbookProject.BuildReport) {
            let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
            for diagnostic in report.diagnostics { printError(diagnostic.text) }
            printed.withLock { $0 = report.diagnostics.count }
            if report.upToDate {
                print("'\(shown)' is up to date\(cause) (\(seconds) s)")
            } else if report.succeeded {
                let ran = report.rebuilt.isEmpty ? "none ran" : "\(report.rebuilt.count) ran (\(report.rebuilt.prefix(3).joined(separator: ", "))\(report.rebuilt.count > 3 ? ", …" : ""))"
                print("rebuilt '\(shown)' in \(seconds) s\(cause): \(report.recipes) recipes, \(ran)")
            } else {
                print("build failed in \(seconds) s\(cause): '\(shown)' was left as it was")
            }
            fflush(nil)
        }
        var options = options
        options.swapped = status
        let report = project.build(output: output, shownAs: shown, options: options)
        if let count = printed.current {
            for diagnostic in report.diagnostics.dropFirst(count) { printError(diagnostic.text) }
            fflush(nil)
        } else {
            status(report)
        }
    }

    /// The size, modification time and inode of the binary, or nil.
    private static func state(of path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
    }

    /// True when the binary is executable and did not change for a quarter of a second (the linker is done).
    private static func isStable(_ path: String) -> Bool {
        let before = state(of: path)
        usleep(250_000)
        return before != nil && state(of: path) == before && access(path, X_OK) == 0
    }

    /// Replaces this process with `binary`, given the same arguments.
    private static func restart(_ binary: String) -> Never {
        fflush(nil)
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
        var arguments = CommandLine.arguments.map { strdup($0) }
        arguments[0] = strdup(binary)
        arguments.append(nil)
        execv(binary, arguments)
        printError("cannot start '\(binary)' again: \(String(cString: strerror(errno)))")
        exit(1)
    }
}
