import Foundation
import ToolchainSupport

/// Runs the built `pushbook` binary and captures what it prints and how it exits.
struct CommandRunner {
    /// What a run printed and its exit status.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package's root folder (its `Recipes/` are what the tests copy). `PUSHBOOK_TEST_PACKAGE_ROOT`
    /// names another checkout, to run these tests with an older build on that build's own recipes.
    static let packageRoot: URL = {
        if let other = ProcessInfo.processInfo.environment["PUSHBOOK_TEST_PACKAGE_ROOT"], !other.isEmpty { return URL(fileURLWithPath: other) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// The `pushbook` binary next to the test bundle, or in `.build/debug`; `PUSHBOOK_TEST_BINARY`
    /// names another one (to run these tests against an older build, such as the reviewed commit's).
    static var binary: URL {
        if let other = ProcessInfo.processInfo.environment["PUSHBOOK_TEST_BINARY"], !other.isEmpty { return URL(fileURLWithPath: other) }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushbook")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/pushbook")
    }

    /// `pushbook-test-host`: pushbook with test-only recipe code (`PushbookTrapService`), built
    /// beside it for the tests only. `PUSHBOOK_TEST_HOST` names another one.
    static var testHost: URL {
        if let other = ProcessInfo.processInfo.environment["PUSHBOOK_TEST_HOST"], !other.isEmpty { return URL(fileURLWithPath: other) }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushbook-test-host")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/pushbook-test-host")
    }

    /// Runs `executable` with `arguments` in `directory`, feeding it `stdin`.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL, stdin: Data?) throws -> Result {
        try run(arguments, in: directory, stdin: stdin, executable: executable)
    }

    /// Runs `pushbook` (or `executable`) with `arguments` in `directory` (the package root by default).
    static func run(_ arguments: [String], in directory: URL = packageRoot, stdin: Data? = nil, executable: URL = binary,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        ChildInput.write(stdin ?? Data(), to: input.fileHandleForWriting)
        // Read both pipes at once, so that a large output on one cannot block the other.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A temporary copy of one recipe folder, in a recipes folder of its own (`recipes/` inside a
    /// fresh temporary folder, so a site can be built beside it: see `siteFolder(beside:)`).
    static func copyRecipe(_ id: String) throws -> URL {
        let root = TemporaryFolder.root.appendingPathComponent("pushbook-cli-\(UUID().uuidString)/recipes", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Recipes/\(id)"), to: root.appendingPathComponent(id))
        return root
    }

    /// A site folder beside the recipes folder made by `copyRecipe` (never inside it: a build refuses that).
    static func siteFolder(beside recipes: URL) -> URL {
        recipes.deletingLastPathComponent().appendingPathComponent("out", isDirectory: true)
    }

    /// Removes what `copyRecipe` made.
    static func removeCopy(_ recipes: URL) {
        try? FileManager.default.removeItem(at: recipes.deletingLastPathComponent())
    }
}
