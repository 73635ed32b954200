import Foundation

/// The Swift toolchain that built the tests, and the modules it built: what the symbol-graph test
/// and the compile probes run. Nothing is looked up on the network; a missing tool fails the test.
public enum Toolchain {
    /// A failure to find or run a tool.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
        /// Creates a failure.
        public init(description: String) { self.description = description }
    }

    /// The folder of the built modules (`…/debug/Modules`), beside the test bundle.
    public static func modulesFolder() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = folder.appendingPathComponent("Modules", isDirectory: true)
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("NotificationSimulator.swiftmodule").path) { return modules }
            folder.deleteLastPathComponent()
        }
        throw Failure(description: "cannot find the built NotificationSimulator.swiftmodule beside \(CommandLine.arguments[0])")
    }

    /// The path of a toolchain executable: beside `swiftc` on the PATH, else anywhere on the PATH.
    public static func tool(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init)
        var candidates: [String] = []
        for folder in folders {
            let swiftc = URL(fileURLWithPath: folder).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: swiftc.path) {
                candidates.append(swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name).path)
            }
        }
        candidates += folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name).path }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "\(name) is not on the PATH (it ships with the Swift toolchain)")
        }
        return found
    }

    /// The host's target triple, as `swiftc -print-target-info` reports it.
    public static func hostTriple() throws -> String {
        let result = try run(tool("swiftc"), ["-print-target-info"])
        guard let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
              let target = object["target"] as? [String: Any], let triple = target["triple"] as? String else {
            throw Failure(description: "swiftc -print-target-info gave no target triple")
        }
        return triple
    }

    /// The result of a process: its exit status and its standard output and error, merged.
    public struct Result {
        /// The exit status.
        public var status: Int32
        /// Standard output and error.
        public var output: String
    }

    /// Runs `executable` with `arguments` and waits for it.
    public static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// A new temporary folder.
    public static func temporaryFolder(_ name: String) throws -> URL {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
