import Foundation

/// The linter compiled to WebAssembly with Embedded Swift: `Payloads` itself, with the C-ABI entry points
/// of `Sources/PayloadsWasm`, built by the `PayloadsModulePlugin` build tool plugin whenever those sources change.
public enum PayloadsModule {
    /// Why this machine could not build the modules (no wasm-ld, no wasi-libc…); nil when it did.
    public static var problem: String? { generatedProblem.isEmpty ? nil : generatedProblem }

    /// The reactor-style module the playground page loads, base64-encoded; nil when it could not be built.
    public static var reactorBase64: String? { problem == nil ? generatedReactorBase64 : nil }

    /// The command-style module the tests run under `wasmkit run`, base64-encoded; nil when it could not be built.
    public static var commandBase64: String? { problem == nil ? generatedCommandBase64 : nil }

    /// The reactor-style module's bytes.
    public static var reactor: [UInt8]? { reactorBase64.flatMap(decode) }

    /// The command-style module's bytes.
    public static var command: [UInt8]? { commandBase64.flatMap(decode) }

    private static func decode(_ base64: String) -> [UInt8]? {
        Data(base64Encoded: base64).map { [UInt8]($0) }
    }
}
