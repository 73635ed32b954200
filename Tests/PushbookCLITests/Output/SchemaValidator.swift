import Foundation

/// Runs `Tests/Schemas/validate.py` (Python's `jsonschema`, offline, formats checked) and returns each
/// file's errors. A missing `jsonschema` or an invalid schema fails the test rather than skipping it.
enum SchemaValidator {
    /// One validation error: where in the document, and what.
    struct Failure: Equatable, CustomStringConvertible {
        var at: String
        var message: String
        var description: String { "\(at): \(message)" }
    }

    /// The folder of the committed schemas and the script.
    static let folder = CommandRunner.packageRoot.appendingPathComponent("Tests/Schemas")

    /// The OASIS SARIF 2.1.0 schema, committed with its source (`Tests/Schemas/README.md`).
    static let sarif = folder.appendingPathComponent("sarif-schema-2.1.0.json")

    /// The errors of each file against `schema`, by path, in the order given.
    static func validate(schema: URL, files: [URL]) throws -> [(path: String, errors: [Failure])] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", folder.appendingPathComponent("validate.py").path, schema.path] + files.map(\.path)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidatorError(message: "validate.py exited \(process.terminationStatus): \(String(decoding: errData, as: UTF8.self))")
        }
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let list = object["files"] as? [[String: Any]] else {
            throw ValidatorError(message: "validate.py printed no report")
        }
        return list.map { file in
            let errors = (file["errors"] as? [[String: String]] ?? []).map { Failure(at: $0["at"] ?? "", message: $0["message"] ?? "") }
            return (file["path"] as? String ?? "", errors)
        }
    }

    /// The validator could not run.
    struct ValidatorError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
