import Foundation
import Testing
import ToolchainSupport

/// Snippets of iOS code type-checked against the model, through stand-ins for Apple's
/// `UserNotifications` and `Intents` modules that export exactly Apple's list: valid code must compile
/// without a warning (an unneeded `try` or `await`, a cast that always succeeds betray a wrong shape),
/// and invalid code must fail on its marked line. Each snippet names the Apple page it rests on.
@Suite("Compile probes: iOS code type-checks against the model exactly when it does in Xcode")
struct CompileProbeTests {
    /// The probes' folder, `Tests/APIProbes/valid` or `Tests/APIProbes/invalid`.
    static func probes(_ kind: String) throws -> [URL] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("APIProbes/\(kind)", isDirectory: true)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("every probe names the Apple page it rests on")
    func probesCiteApple() throws {
        let all = try Self.probes("valid") + Self.probes("invalid")
        for file in all {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasPrefix("// Apple: https://developer.apple.com/documentation/"), "\(file.lastPathComponent)")
        }
    }

    @Test("at least 40 iOS-valid snippets type-check against the model with no warning")
    func validProbesCompileCleanly() throws {
        let files = try Self.probes("valid")
        #expect(files.count >= 40)
        let result = try Toolchain.run(Toolchain.tool("swiftc"), AppleModuleShims.typecheckArguments() + files.map(\.path))
        let diagnostics = AppleModuleShims.diagnostics(in: result.output).filter { $0.kind != "note" }
        for diagnostic in diagnostics {
            Issue.record("\(diagnostic.file):\(diagnostic.line): \(diagnostic.kind): \(diagnostic.message)")
        }
        #expect(result.status == 0, "swiftc exited with \(result.status)")
    }

    @Test("at least 15 iOS-invalid snippets fail to type-check, each on its marked line and nowhere else")
    func invalidProbesFailOnTheirMarkedLine() throws {
        let files = try Self.probes("invalid")
        #expect(files.count >= 15)
        let result = try Toolchain.run(Toolchain.tool("swiftc"), AppleModuleShims.typecheckArguments() + ["-continue-building-after-errors"] + files.map(\.path))
        let errors = AppleModuleShims.diagnostics(in: result.output).filter { $0.kind == "error" }
        #expect(result.status != 0)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let marked = Set(lines.indices.filter { lines[$0].contains("// expected-error") }.map { $0 + 1 })
            let name = file.lastPathComponent
            #expect(!marked.isEmpty, "\(name) marks no line")
            let here = errors.filter { $0.file == name }
            for line in marked where !here.contains(where: { $0.line == line }) {
                Issue.record("\(name):\(line) type-checks against the model, but the marked line must fail as it does in Xcode")
            }
            for error in here where !marked.contains(error.line) {
                Issue.record("\(name):\(error.line): unexpected error: \(error.message)")
            }
        }
    }
}
