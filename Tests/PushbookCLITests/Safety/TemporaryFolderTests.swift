import Foundation
import Testing
import ToolchainSupport
#if canImport(Glibc)
import Glibc
#endif

/// Nothing a `pushbook` process writes in the temporary folder outlives it (recipe downloads moved
/// into `tmp/UUID/`, Firebase's helper's files, download tasks' files, each worker's files).
@Suite("Nothing is left in the temporary folder", .serialized)
struct TemporaryFolderTests {
    /// A fresh empty folder to be the processes' `TMPDIR`, and a folder beside it for outputs.
    private func folders() throws -> (tmp: URL, work: URL) {
        let root = try TemporaryFolder.make("tmpdir")
        let tmp = root.appendingPathComponent("tmp", isDirectory: true), work = root.appendingPathComponent("work", isDirectory: true)
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return (tmp, work)
    }

    private func entries(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Starts `pushbook build --no-cache` with `TMPDIR` at `tmp` and returns once a worker has made
    /// its folder inside the build's (or the build has ended).
    private func startBuildUntilWorkersRun(tmp: URL, work: URL) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["build", "--no-cache", "--out", work.appendingPathComponent("site").path]
        process.currentDirectoryURL = CommandRunner.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": tmp.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        // A worker's own folder inside the build's (the build's marker file is not one).
        let workerFolder = { (entry: String) in entry.split(separator: "/").count == 2 && entry.split(separator: "/")[1].hasPrefix("pushbook-") }
        while process.isRunning && Date() < deadline && !entries(tmp).contains(where: workerFolder) { usleep(2_000) }
        return process
    }

    @Test("pushbook build --no-cache leaves nothing in TMPDIR: no recipe folder, no Firebase file, no worker folder")
    func buildLeavesNothing() throws {
        let (tmp, work) = try folders()
        defer { try? FileManager.default.removeItem(at: tmp.deletingLastPathComponent()) }
        let result = try CommandRunner.run(["build", "--no-cache", "--out", work.appendingPathComponent("site").path], environment: ["TMPDIR": tmp.path])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(entries(tmp) == [], "left in TMPDIR")
    }

    @Test("pushbook simulate leaves nothing in TMPDIR: passthrough, the recipe's extension, and Firebase's helper on an image too large to attach")
    func simulateLeavesNothing() throws {
        let (tmp, _) = try folders()
        defer { try? FileManager.default.removeItem(at: tmp.deletingLastPathComponent()) }
        let manifest = "Recipes/fcm-image/fixtures/manifest.json"
        let runs: [[String]] = [
            ["simulate", "Recipes/fcm-image/examples/jpeg-image.json"],
            ["simulate", "--recipe", "fcm-image", "Recipes/fcm-image/examples/jpeg-image.json"],
            ["simulate", "--extension", "firebase", "--fixtures", manifest, "Recipes/fcm-image/examples/jpeg-image.json"],
            ["simulate", "--extension", "firebase", "--fixtures", manifest, "Recipes/fcm-image/examples/image-too-large.json"],
        ]
        for arguments in runs {
            let result = try CommandRunner.run(arguments, environment: ["TMPDIR": tmp.path])
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("\"delivered\""), "\(arguments) printed a record")
            #expect(entries(tmp) == [], "left in TMPDIR by \(arguments.joined(separator: " "))")
        }
    }

    @Test("a build stopped with SIGTERM or SIGINT while its workers run leaves nothing in TMPDIR")
    func interruptedBuildLeavesNothing() throws {
        for number in [SIGTERM, SIGINT] {
            let (tmp, work) = try folders()
            defer { try? FileManager.default.removeItem(at: tmp.deletingLastPathComponent()) }
            let process = try startBuildUntilWorkersRun(tmp: tmp, work: work)
            let sawWorker = process.isRunning
            kill(process.processIdentifier, number)
            process.waitUntilExit()
            if sawWorker { #expect(process.terminationReason == .uncaughtSignal, "ended by signal \(number)") }
            #expect(entries(tmp) == [], "left in TMPDIR after signal \(number)")
        }
    }

    @Test("a signal that arrives the moment the temporary folder is made waits for the handler, which removes the folder")
    func signalWhileClaimingLeavesNothing() throws {
        for signal in ["INT", "TERM"] {
            let (tmp, work) = try folders()
            defer { try? FileManager.default.removeItem(at: tmp.deletingLastPathComponent()) }
            // Started as from a shell, with the signals unblocked: a test's threads block them, and a child
            // inherits that mask, which would hold the signal off whatever the build does.
            let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGTERM]); os.execv(sys.argv[1], sys.argv[1:])"
            let result = try CommandRunner.run(["python3", "-c", unblocked, CommandRunner.binary.path, "build", "--no-cache", "--out", work.appendingPathComponent("site").path],
                                               executable: URL(fileURLWithPath: "/usr/bin/env"),
                                               environment: ["TMPDIR": tmp.path, "PUSHBOOK_TEST_KILL_AT": "temporaryFolderMade", "PUSHBOOK_TEST_KILL_SIGNAL": signal])
            #expect(result.status != 0, "SIG\(signal) ended the build")
            #expect(entries(tmp) == [], "left in TMPDIR after SIG\(signal) at the temporary folder")
        }
    }

    @Test("a build killed with SIGKILL leaves its folder, and the next pushbook process removes it; folders of live processes and other names stay")
    func killedBuildsFolderIsReclaimed() throws {
        let (tmp, work) = try folders()
        defer { try? FileManager.default.removeItem(at: tmp.deletingLastPathComponent()) }
        let process = try startBuildUntilWorkersRun(tmp: tmp, work: work)
        try #require(process.isRunning, "the build was still running when its workers had started")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = entries(tmp).filter { !$0.contains("/") }
        #expect(left == ["pushbook-\(process.processIdentifier)-" + (left.first?.suffix(6) ?? "")], "the killed build's folder is left: \(left)")
        // Beside it: a folder named for this live test process, and one of another name.
        let live = "pushbook-\(getpid())-abcdef", other = "pushbook-notes"
        for name in [live, other] { try FileManager.default.createDirectory(at: tmp.appendingPathComponent(name), withIntermediateDirectories: true) }
        let lint = try CommandRunner.run(["lint", "Recipes/fcm-image/examples/jpeg-image.json"], environment: ["TMPDIR": tmp.path])
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(entries(tmp) == [live, other], "only the dead build's folder went")
    }

    @Test("reclaiming takes only folders pushbook made: a folder named like one but made by hand (mode 0755, or without the marker) stays with its files")
    func handMadeFoldersWithTheNameStay() throws {
        let (tmp, _) = try folders()
        defer { try? FileManager.default.removeItem(at: tmp.deletingLastPathComponent()) }
        let byHand = "pushbook-999994-ABCDE1", noMarker = "pushbook-999993-abcdef"
        for name in [byHand, noMarker] {
            try FileManager.default.createDirectory(at: tmp.appendingPathComponent(name), withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: tmp.appendingPathComponent("\(name)/notes"))
        }
        chmod(tmp.appendingPathComponent(byHand).path, 0o755)
        chmod(tmp.appendingPathComponent(noMarker).path, 0o700)
        let lint = try CommandRunner.run(["lint", "Recipes/fcm-image/examples/jpeg-image.json"], environment: ["TMPDIR": tmp.path])
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(entries(tmp) == [noMarker, "\(noMarker)/notes", byHand, "\(byHand)/notes"], "both folders stay, with their files")
    }
}
