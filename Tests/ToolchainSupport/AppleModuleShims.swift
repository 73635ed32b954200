import Foundation
import NotificationSimulator

/// Stand-ins for Apple's `UserNotifications` and `Intents` modules (and Firebase's `FirebaseMessaging`,
/// as far as an extension uses it), built from the model: each
/// re-exports Foundation (and FoundationNetworking on Linux, where URLSession lives) and exactly the
/// model's declarations of its framework, by scoped import of the names in Apple's list. Code that
/// forgets `import Intents` fails here as it does in Xcode, and code that names anything outside the
/// list (the model's own types included) does not compile.
public enum AppleModuleShims {
    /// The folder holding `UserNotifications.swiftmodule` and `Intents.swiftmodule`, built once per test run.
    public static func folder() throws -> URL {
        try built.get()
    }

    /// The compiler arguments that type-check iOS code against the shims (Swift 5 mode, as new Xcode projects).
    public static func typecheckArguments() throws -> [String] {
        ["-typecheck", "-parse-as-library", "-swift-version", "5", "-I", try folder().path, "-I", try Toolchain.modulesFolder().path]
    }

    private static let built: Result<URL, Error> = Result { try build() }

    /// The source of the shim of `framework` (`UserNotifications`, `Intents`, or `FirebaseMessaging`,
    /// whose two classes the model declares under Firebase's names: `Messaging` and the helper).
    public static func source(of framework: String) -> String {
        if framework == "FirebaseMessaging" {
            return ["@_exported import Foundation", "@_exported import class NotificationSimulator.Messaging",
                    "@_exported import class NotificationSimulator.FIRMessagingExtensionHelper"].joined(separator: "\n") + "\n"
        }
        let prefix = framework == "Intents" ? "IN" : "UN"
        var lines = ["@_exported import Foundation", "#if canImport(FoundationNetworking)", "@_exported import FoundationNetworking", "#endif"]
        var seen: Set<String> = []
        for entry in AppleDeclarations.all where !entry.path.contains("/") && entry.path.hasPrefix(prefix) && seen.insert(entry.path).inserted {
            let keyword = entry.declaration.split(separator: " ").first.map(String.init) ?? ""
            guard ["class", "struct", "enum", "protocol", "let", "var"].contains(keyword) else { continue }
            lines.append("@_exported import \(keyword == "var" ? "let" : keyword) NotificationSimulator.\(entry.path)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func build() throws -> URL {
        let folder = try Toolchain.temporaryFolder("apple-shims")
        let modules = try Toolchain.modulesFolder().path
        for framework in ["UserNotifications", "Intents", "FirebaseMessaging"] {
            let file = folder.appendingPathComponent("\(framework).swift")
            try source(of: framework).write(to: file, atomically: true, encoding: .utf8)
            let result = try Toolchain.run(Toolchain.tool("swiftc"), [
                "-emit-module", "-parse-as-library", "-module-name", framework, "-I", modules,
                "-emit-module-path", folder.appendingPathComponent("\(framework).swiftmodule").path, file.path,
            ], in: folder)
            guard result.status == 0 else { throw Toolchain.Failure(description: "building the \(framework) shim failed: \(result.output)") }
        }
        return folder
    }

    /// One compiler diagnostic: `file:line:column: kind: message`.
    public struct Diagnostic: Sendable, Equatable {
        /// The file's name (last path component).
        public var file: String
        /// The line.
        public var line: Int
        /// `error`, `warning` or `note`.
        public var kind: String
        /// The message.
        public var message: String
    }

    /// The diagnostics in compiler output (the first line of each, not the source excerpts).
    public static func diagnostics(in output: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5, parts[0].hasSuffix(".swift"), let number = Int(parts[1]), Int(parts[2]) != nil else { continue }
            let kind = parts[3].trimmingCharacters(in: .whitespaces)
            guard ["error", "warning", "note"].contains(kind) else { continue }
            found.append(Diagnostic(file: URL(fileURLWithPath: parts[0]).lastPathComponent, line: number, kind: kind,
                                    message: parts[4].trimmingCharacters(in: .whitespaces)))
        }
        return found
    }
}
