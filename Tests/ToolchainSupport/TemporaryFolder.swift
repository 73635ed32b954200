import Foundation
import TestProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the tests keep their temporary files: one folder, `pushbook-tests-XXXXXX`, inside the test
/// process's own temporary folder (`TestProcess`: `TMPDIR` names it from before `main`, and it is
/// removed when the process exits, with whatever the recipe code run in the process left there).
/// Every test makes its folders and files inside it and removes them itself (`with`, or a `defer`),
/// so a test that fails before its clean-up, or a file a `static let` keeps for the whole run (the
/// compiled Apple shims, the WebAssembly module), leaves nothing behind either.
public enum TemporaryFolder {
    /// The test process's folder, made on first use.
    public static let root: URL = {
        var base = pushbook_test_process_temporary_folder().map { String(cString: $0) } ?? ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        if base.isEmpty || !FileManager.default.fileExists(atPath: base) { base = "/tmp" }
        var template = Array(URL(fileURLWithPath: base).appendingPathComponent("pushbook-tests-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { return FileManager.default.temporaryDirectory }
        let url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.root) }
        return url
    }()

    /// A new empty folder `pushbook-NAME-UUID` inside `root`.
    public static func make(_ name: String) throws -> URL {
        let folder = root.appendingPathComponent("pushbook-\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `body` with a new empty folder, removed when `body` returns or throws.
    public static func with<T>(_ name: String, _ body: (URL) throws -> T) throws -> T {
        let folder = try make(name)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}
