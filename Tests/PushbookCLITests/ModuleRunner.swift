import Foundation
import PayloadsModule
import ToolchainSupport

/// Runs the command-style WebAssembly build of the linter under `wasmkit` (the toolchain's runtime).
enum ModuleRunner {
    /// Why the module cannot run here, or nil.
    static var problem: String? {
        if let problem = PayloadsModule.problem { return "the WebAssembly module was not built: \(problem)" }
        if wasmkit == nil { return "wasmkit is not on PATH (it ships with the swift.org toolchain)" }
        return nil
    }

    /// `wasmkit` from PATH.
    static let wasmkit: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("wasmkit") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The command-style module, written once to a temporary file.
    static let module: URL? = {
        guard let bytes = PayloadsModule.command else { return nil }
        let url = TemporaryFolder.root.appendingPathComponent("pushbook-payloads-command-\(UUID().uuidString).wasm")
        return (try? Data(bytes).write(to: url)) == nil ? nil : url
    }()

    /// Runs the module with `arguments` in the package's folder, which it may read.
    static func run(_ arguments: [String], stdin: Data? = nil) throws -> CommandRunner.Result {
        guard problem == nil, let wasmkit, let module else { throw RunnerError(message: problem ?? "the module could not be written") }
        return try CommandRunner.run(wasmkit, ["run", "--dir", ".", module.path] + arguments, in: CommandRunner.packageRoot, stdin: stdin)
    }

    /// The module could not run.
    struct RunnerError: Error, CustomStringConvertible {
        /// Why.
        var message: String
        /// The message.
        var description: String { message }
    }
}
