import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `pushbook build --watch`: one rebuild per edit, one status line each; a changed
/// `.swift` file asks for `swift build` instead; SIGINT and SIGTERM, also in the middle of a
/// rebuild, leave a whole site (the old one or the new one) and release the lock.
@Suite("build --watch", .serialized)
struct WatchModeTests {
    /// A running `build --watch` and the lines it printed so far.
    final class Watch: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var text = ""
        private let done = DispatchGroup()

        init(_ w: HostileWorkspace) throws {
            process.executableURL = CommandRunner.binary
            process.arguments = ["build", "--watch", "--recipes", "recipes", "--out", "out"]
            process.currentDirectoryURL = w.root
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            process.standardInput = FileHandle.nullDevice
            try process.run()
            done.enter()
            DispatchQueue.global().async { [self] in
                while true {
                    let data = out.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    lock.lock(); text += String(decoding: data, as: UTF8.self); lock.unlock()
                }
                done.leave()
            }
        }

        /// The status lines printed so far (builds, rebuilds, "up to date", failures).
        var lines: [String] {
            lock.lock(); defer { lock.unlock() }
            return text.split(separator: "\n").map(String.init)
        }

        /// The lines that report a finished build.
        var statusLines: [String] {
            lines.filter { $0.hasPrefix("rebuilt 'out'") || $0.hasPrefix("build failed") || $0.hasPrefix("'out' is up to date") }
        }

        /// Waits up to `seconds` until `condition` holds of the lines.
        func wait(seconds: Double, until condition: ([String]) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if condition(lines) { return true }
                usleep(20_000)
            }
            return condition(lines)
        }

        /// Sends `signal` and waits for the process to end.
        func stop(_ signal: Int32) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            done.wait()
        }
    }

    /// True when the lock beside out/ can be taken at once (no process holds it).
    private func lockIsFree(_ w: HostileWorkspace) -> Bool {
        let descriptor = open(w.root.appendingPathComponent(".out.pushbook-lock").path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// The site a `--no-cache` build makes of the recipes as they are now.
    private func coldSite(_ w: HostileWorkspace, _ name: String) throws -> [String: Data] {
        let run = try w.run(["build", "--recipes", "recipes", "--out", name, "--no-cache"])
        try #require(run.status == 0, "\(run.stderr)")
        defer { try? FileManager.default.removeItem(at: w.root.appendingPathComponent(name)) }
        return HostileWorkspace.snapshot(w.root.appendingPathComponent(name))
    }

    /// Staging, set-aside or trash folders left beside out/.
    private func leftovers(_ w: HostileWorkspace) -> [String] {
        w.leftovers()
    }

    @Test("a recipes folder replaced whole (moved away and copied back) is followed: later edits rebuild, and nothing from the old folder is reported")
    func replacedRecipesFolderIsFollowed() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let watch = try Watch(w)
        defer { if watch.process.isRunning { watch.stop(SIGINT) } }
        #expect(watch.wait(seconds: 60) { _ in watch.statusLines.count == 1 }, "no first build: \(watch.lines)")
        let fm = FileManager.default
        let old = w.root.appendingPathComponent("recipes.old")
        try fm.moveItem(at: w.recipes, to: old)
        try fm.copyItem(at: old, to: w.recipes)
        #expect(watch.wait(seconds: 60) { _ in watch.statusLines.count == 2 }, "the replaced folder was not rebuilt: \(watch.lines)")
        try w.appendProse("A paragraph written into the folder that replaced the first.")
        #expect(watch.wait(seconds: 60) { _ in watch.statusLines.count == 3 }, "an edit in the new folder was not seen: \(watch.lines)")
        #expect(try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8).contains("replaced the first"))
        try fm.removeItem(at: old)
        usleep(1_000_000)
        #expect(!watch.lines.contains { $0.contains("must be rebuilt") || $0.contains("Registry.swift changed") },
                "events of the old folder were taken for the new one's: \(watch.lines)")
        #expect(watch.statusLines.count == 3, "\(watch.statusLines)")
    }

    @Test("an edit of the prose triggers exactly one rebuild with one status line; Ctrl-C then leaves the site whole and releases the lock")
    func oneEditOneRebuild() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let watch = try Watch(w)
        #expect(watch.wait(seconds: 60) { _ in watch.statusLines.count == 1 }, "no first build: \(watch.lines)")
        #expect(watch.lines.first?.hasPrefix("watching 'recipes'") == true, "\(watch.lines)")
        try w.appendProse("A paragraph written while the watch runs.")
        #expect(watch.wait(seconds: 60) { _ in watch.statusLines.count == 2 }, "no rebuild after the edit: \(watch.lines)")
        usleep(1_500_000)
        #expect(watch.statusLines.count == 2, "one edit, one rebuild: \(watch.statusLines)")
        #expect(watch.statusLines.last?.hasPrefix("rebuilt 'out'") == true && watch.statusLines.last?.contains("fcm-image/recipe.md changed") == true,
                "\(watch.statusLines)")
        let page = try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8)
        #expect(page.contains("A paragraph written while the watch runs."))
        watch.stop(SIGINT)
        #expect(lockIsFree(w))
        #expect(leftovers(w).isEmpty, "\(leftovers(w))")
        #expect(HostileWorkspace.snapshot(w.out) == (try coldSite(w, "cold")), "the watched site differs from --no-cache")
    }

    @Test("SIGTERM or SIGINT in the middle of a rebuild leaves the old site or the new one, whole, and no staging folder",
          arguments: [(SIGTERM, UInt32(0)), (SIGTERM, UInt32(150_000)), (SIGINT, UInt32(60_000)), (SIGINT, UInt32(300_000))])
    func stoppedMidRebuild(signal: Int32, delay: UInt32) throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let old = try coldSite(w, "cold")
        let watch = try Watch(w)
        #expect(watch.wait(seconds: 60) { _ in watch.statusLines.count == 1 }, "no first build: \(watch.lines)")
        try w.appendProse("The version being built when the signal arrives.")
        usleep(UInt32(FolderWatcherDelay.quiet) + delay)
        watch.stop(signal)
        #expect(watch.process.terminationReason == .uncaughtSignal || watch.process.terminationStatus != 0)
        let site = HostileWorkspace.snapshot(w.out)
        let new = try coldSite(w, "cold")
        #expect(site == old || site == new, "out/ is neither the old site nor the new one (signal \(signal), \(delay) µs)")
        #expect(leftovers(w).isEmpty, "\(leftovers(w))")
        #expect(lockIsFree(w))
    }

    @Test("a changed .swift file says the tool must be rebuilt with swift build, and nothing is rebuilt until then")
    func swiftChangeAsksForSwiftBuild() throws {
        let w = try HostileWorkspace()
        defer { w.remove() }
        let watch = try Watch(w)
        #expect(watch.wait(seconds: 60) { _ in watch.statusLines.count == 1 }, "no first build: \(watch.lines)")
        let code = try w.read("FCMImageService.swift")
        try w.write("FCMImageService.swift", code + "\n// An edit of the recipe's code.\n")
        #expect(watch.wait(seconds: 30) { $0.contains { $0.contains("FCMImageService.swift changed") && $0.contains("must be rebuilt: run `swift build`") } },
                "\(watch.lines)")
        try w.appendProse("Prose edited after the code.")
        usleep(1_500_000)
        #expect(watch.statusLines.count == 1, "rebuilt with stale code: \(watch.statusLines)")
        watch.stop(SIGINT)
        #expect(lockIsFree(w))
    }
}

/// How long the watch waits for quiet after a change, in microseconds (a little more than `FolderWatcher.quietMilliseconds`).
private enum FolderWatcherDelay {
    static let quiet = 50_000
}
