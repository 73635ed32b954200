import Foundation
import Testing
@testable import Cookbook

/// The tool's identity names the build of the tool and of the libraries that make its pages, so a
/// cache entry or stamp made with another libcmark or Swift runtime is never taken for this one's.
@Suite("The tool's identity")
struct ToolIdentityTests {
    /// The build id `readelf -n` prints for the file at `path`.
    private func readelfBuildID(_ path: String) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        process.arguments = ["-n", path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").first { $0.contains("Build ID:") }?.split(separator: " ").last.map(String.init)
    }

    @Test("the identity holds the build ids of the loaded libcmark and Swift runtime, as readelf reads them from the files")
    func identityHoldsTheLoadedLibraries() throws {
        let cmark = try #require(ToolIdentity.libraries.first { $0.name.hasPrefix("libcmark") }, "libcmark is loaded: \(ToolIdentity.libraries.map(\.name))")
        let core = try #require(ToolIdentity.libraries.first { $0.name == "libswiftCore.so" }, "the Swift runtime is loaded")
        for library in [cmark, core] {
            #expect(try readelfBuildID(library.path) == library.buildID, "\(library.path)")
            #expect(ToolIdentity.current.contains(";\(library.name)=\(library.buildID)"), "\(ToolIdentity.current)")
        }
        #expect(ToolIdentity.current.hasPrefix("build-id:") || ToolIdentity.current.hasPrefix("digest:"))
        #expect(ToolIdentity.libraries.map(\.name) == ToolIdentity.libraries.map(\.name).sorted(), "a stable order")
    }
}
