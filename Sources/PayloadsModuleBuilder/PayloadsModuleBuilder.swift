import Foundation

/// Compiles `Payloads` (with the entry points in `Sources/PayloadsWasm`) to WebAssembly with Embedded
/// Swift, links it twice with Debian's wasi-libc (a command-style module for the tests, a reactor-style
/// module for the playground page), shrinks both with binaryen's `wasm-opt -Oz`, and writes them as
/// base64 strings into a Swift file. The build tool plugin `PayloadsModulePlugin` runs it whenever one
/// of those sources changes; a run whose inputs are the last run's (`inputsRecord`) leaves the file as it is.
///
/// `PayloadsModuleBuilder --swiftc PATH --wasm-ld PATH --wasm-opt PATH --root DIR --work DIR --output FILE SOURCE...`
///
/// The bytes depend only on the sources, the toolchain, wasi-libc and binaryen, not on the folder:
/// sources are compiled by their path relative to `--root`, in sorted order, with no debug
/// information and no module hash, and the output keeps no name, producer or debug section. When this machine lacks the toolchain's WebAssembly support or wasi-libc,
/// the Swift file says why instead (so the package still builds, say on macOS with Xcode's toolchain)
/// and `pushbook build` reports it. A compile or link error fails the build.
@main
struct PayloadsModuleBuilder {
    /// The functions the reactor-style module exports to the page (see ReactorExports.swift).
    static let exports = ["pushbook_alloc", "pushbook_free", "pushbook_lint", "pushbook_output", "pushbook_output_length"]

    /// Where wasi-libc's `lib/wasm32-wasi` may be: `$WASI_SYSROOT`, Debian and Ubuntu, Homebrew, other distributions.
    static func libraryCandidates(environment: [String: String]) -> [String] {
        (environment["WASI_SYSROOT"].map { ["\($0)/lib/wasm32-wasi"] } ?? []) + [
            "/usr/lib/wasm32-wasi",
            "/opt/homebrew/share/wasi-sysroot/lib/wasm32-wasi",
            "/usr/local/share/wasi-sysroot/lib/wasm32-wasi",
            "/usr/share/wasi-sysroot/lib/wasm32-wasi",
        ]
    }

    static func main() {
        do {
            let options = try Options(CommandLine.arguments.dropFirst())
            let output = URL(fileURLWithPath: options.output)
            // SwiftPM runs the plugin again whenever it relinks this tool (`swift test` after `swift
            // build` does): with the same inputs as the last run, the module is not compiled again.
            let inputs = try inputsRecord(options)
            let record = URL(fileURLWithPath: options.work).appendingPathComponent("inputs.record")
            if FileManager.default.fileExists(atPath: output.path), (try? Data(contentsOf: record)) == inputs { return }
            let source: String
            switch try build(options) {
            case .built(let reactor, let command):
                source = generatedSource(problem: "", reactor: reactor, command: command)
            case .unavailable(let reason):
                source = generatedSource(problem: reason, reactor: [], command: [])
            }
            // The same bytes are not written again, so the target is not compiled again either.
            if (try? Data(contentsOf: output)) != Data(source.utf8) {
                try Data(source.utf8).write(to: output, options: .atomic)
            }
            try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
            try inputs.write(to: record, options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Everything a build reads, as bytes to compare: a digest of this builder's own binary (a changed
    /// builder may write another file), the arguments, each source's bytes, and the size and
    /// modification time of the tools and of every wasi-libc candidate's library.
    static func inputsRecord(_ options: Options) throws -> Data {
        let builder = FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
        for byte in try Data(contentsOf: URL(fileURLWithPath: builder)) { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var record = Data("builder \(String(digest, radix: 16))\n".utf8)
        record += Data(CommandLine.arguments.dropFirst().joined(separator: "\n").utf8)
        for source in options.sources { record += Data("\n\(source)\n".utf8) + (try Data(contentsOf: URL(fileURLWithPath: source))) }
        let libraries = libraryCandidates(environment: ProcessInfo.processInfo.environment).map { "\($0)/libc.a" }
        for path in [options.swiftc, options.wasmLD, options.wasmOpt] + libraries {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            record += Data("\n\(resolved) \(size) \(modified)".utf8)
        }
        return record
    }

    /// What the build made.
    enum Outcome {
        /// Both modules' bytes.
        case built(reactor: [UInt8], command: [UInt8])
        /// Why this machine cannot build them.
        case unavailable(String)
    }

    /// Compiles once, links twice.
    static func build(_ options: Options) throws -> Outcome {
        let files = FileManager.default
        guard files.isExecutableFile(atPath: options.swiftc) else {
            return .unavailable("swiftc was not found in the toolchain")
        }
        guard files.isExecutableFile(atPath: options.wasmLD) else {
            return .unavailable("the Swift toolchain has no wasm-ld; use a swift.org toolchain (Swift 6.3) to build the playground's module")
        }
        guard files.isExecutableFile(atPath: options.wasmOpt) else {
            return .unavailable("binaryen's wasm-opt is not installed (apt-get install binaryen)")
        }
        let toolchainLib = URL(fileURLWithPath: options.swiftc).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/embedded")
        let unicodeTables = toolchainLib.appendingPathComponent("wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a").path
        guard files.fileExists(atPath: unicodeTables) else {
            return .unavailable("the Swift toolchain has no Embedded Swift standard library for wasm32-unknown-none-wasm")
        }
        let environment = ProcessInfo.processInfo.environment
        let needed = ["crt1-command.o", "crt1-reactor.o", "libc.a"]
        guard let libc = libraryCandidates(environment: environment).first(where: { dir in needed.allSatisfy { files.fileExists(atPath: "\(dir)/\($0)") } }) else {
            return .unavailable("wasi-libc is not installed (apt-get install wasi-libc, or set WASI_SYSROOT)")
        }

        let work = URL(fileURLWithPath: options.work, isDirectory: true)
        try files.createDirectory(at: work, withIntermediateDirectories: true)
        let object = work.appendingPathComponent("Payloads.o").path
        let root = URL(fileURLWithPath: options.root).standardizedFileURL.path
        let sources = options.sources.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            .map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : $0 }
            .sorted()
        try run(options.swiftc, [
            "-target", "wasm32-unknown-none-wasm",
            "-enable-experimental-feature", "Embedded", "-enable-experimental-feature", "Extern",
            "-Xfrontend", "-disable-stack-protector",
            // Without this the object carries a hash of the whole compile (`.swift_modhash`), which
            // depends on the folder it ran in.
            "-Xfrontend", "-disable-incremental-llvm-codegen",
            "-wmo", "-parse-as-library", "-Osize", "-swift-version", "6",
            // LLVM inlines only what does not grow the code: the module is about a tenth smaller.
            "-Xllvm", "-inline-threshold=0",
            "-module-name", "Payloads",
            "-file-prefix-map", "\(root)=.",
            "-module-cache-path", work.appendingPathComponent("ModuleCache").path,
            "-c", "-o", object,
        ] + sources, in: root)

        // A 1 MiB stack placed below the data, so an overflow traps instead of overwriting memory.
        let common = [object, "-L", libc, "-lc", unicodeTables, "--strip-debug", "--stack-first", "-z", "stack-size=1048576"]
        let command = work.appendingPathComponent("payloads-command.wasm").path
        let reactor = work.appendingPathComponent("payloads-reactor.wasm").path
        try run(options.wasmLD, ["\(libc)/crt1-command.o"] + common + ["-o", command + ".linked"], in: root)
        try run(options.wasmLD, ["\(libc)/crt1-reactor.o", "--entry=_initialize"] + exports.map { "--export=\($0)" } + common + ["-o", reactor + ".linked"], in: root)
        // wasm-opt reads the features the link used from the module, then drops that section with the names.
        for module in [command, reactor] {
            try run(options.wasmOpt, ["-Oz", "--strip-debug", "--strip-producers", "--strip-target-features", module + ".linked", "-o", module], in: root)
        }
        return .built(reactor: try bytes(reactor), command: try bytes(command))
    }

    /// Runs a tool, failing with its output when it fails.
    static func run(_ tool: String, _ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BuildError(message: "\(URL(fileURLWithPath: tool).lastPathComponent) failed (exit \(process.terminationStatus)); Payloads must compile with Embedded Swift (no key paths, no `any` of a non-class protocol, no Foundation):\n\(text)")
        }
    }

    /// The bytes of a file.
    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The generated Swift file.
    static func generatedSource(problem: String, reactor: [UInt8], command: [UInt8]) -> String {
        """
        // Generated by PayloadsModuleBuilder from Sources/Payloads and Sources/PayloadsWasm. Do not edit.

        /// Why this machine could not build the modules; empty when it did.
        let generatedProblem = \(literal(problem))
        /// The reactor-style module (the playground page's), base64.
        let generatedReactorBase64 = "\(Data(reactor).base64EncodedString())"
        /// The command-style module (the tests'), base64.
        let generatedCommandBase64 = "\(Data(command).base64EncodedString())"

        """
    }

    /// A Swift string literal for `text`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A failure of the build, with what the tool said.
struct BuildError: Error, CustomStringConvertible {
    /// What went wrong.
    var message: String
    /// The message.
    var description: String { message }
}

/// The builder's arguments.
struct Options {
    /// The Swift compiler, the WebAssembly linker and binaryen's optimizer; may name nothing.
    var swiftc = "", wasmLD = "", wasmOpt = ""
    /// The package's folder, the scratch folder, and the Swift file to write.
    var root = "", work = "", output = ""
    /// The Swift files to compile.
    var sources: [String] = []

    /// Reads `--swiftc P --wasm-ld P --wasm-opt P --root D --work D --output F SOURCE...`.
    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let first = rest.first, first.hasPrefix("--") {
            rest.removeFirst()
            guard let value = rest.popFirst() else { throw BuildError(message: "\(first) needs a value") }
            switch first {
            case "--swiftc": swiftc = value
            case "--wasm-ld": wasmLD = value
            case "--wasm-opt": wasmOpt = value
            case "--root": root = value
            case "--work": work = value
            case "--output": output = value
            default: throw BuildError(message: "unknown option \(first)")
            }
        }
        sources = Array(rest)
        guard !root.isEmpty, !work.isEmpty, !output.isEmpty, !sources.isEmpty else {
            throw BuildError(message: "usage: PayloadsModuleBuilder --swiftc PATH --wasm-ld PATH --wasm-opt PATH --root DIR --work DIR --output FILE SOURCE...")
        }
    }
}
