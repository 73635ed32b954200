import Foundation
import PackagePlugin

/// Builds the linter as WebAssembly for the target it is applied to (`PayloadsModule`): it runs
/// `PayloadsModuleBuilder` on the sources of `Payloads` and `Sources/PayloadsWasm` whenever one of them
/// changes, with the toolchain's own `swiftc` and `wasm-ld` and binaryen's `wasm-opt`, and the target
/// compiles the Swift file it writes.
@main
struct PayloadsModulePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let payloads = try context.package.targets(named: ["Payloads"]).first as? SourceModuleTarget else {
            throw PluginError(message: "the package has no Payloads target")
        }
        let root = context.package.directoryURL
        let entry = root.appending(path: "Sources/PayloadsWasm")
        let entrySources = try FileManager.default.contentsOfDirectory(at: entry, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        let sources = (payloads.sourceFiles(withSuffix: "swift").map(\.url) + entrySources)
            .sorted { $0.path < $1.path }
        let builder = try context.tool(named: "PayloadsModuleBuilder")
        // The toolchain's tools; an empty path makes the builder say what is missing.
        let swiftc = (try? context.tool(named: "swiftc"))?.url.path ?? ""
        let wasmLD = (try? context.tool(named: "wasm-ld"))?.url.path ?? ""
        let wasmOpt = (try? context.tool(named: "wasm-opt"))?.url.path ?? Self.onPath("wasm-opt") ?? ""
        let output = context.pluginWorkDirectoryURL.appending(path: "PayloadsModuleFiles.swift")
        return [.buildCommand(
            displayName: "Compiling Payloads to WebAssembly (Embedded Swift)",
            executable: builder.url,
            arguments: ["--swiftc", swiftc, "--wasm-ld", wasmLD, "--wasm-opt", wasmOpt, "--root", root.path,
                        "--work", context.pluginWorkDirectoryURL.appending(path: "work").path,
                        "--output", output.path] + sources.map(\.path),
            inputFiles: sources + [builder.url],
            outputFiles: [output])]
    }
}

extension PayloadsModulePlugin {
    /// The first executable named `name` in the folders of `PATH` (binaryen is not part of the toolchain).
    static func onPath(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A plugin failure.
struct PluginError: Error, CustomStringConvertible {
    /// What went wrong.
    var message: String
    /// The message.
    var description: String { message }
}
