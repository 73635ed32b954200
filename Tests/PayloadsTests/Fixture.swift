import Foundation
import Payloads

/// Reads test fixtures from the bundled `Fixtures` folder.
enum Fixture {
    /// The `Fixtures` folder in the test bundle.
    static var root: URL {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("Fixtures folder missing from the test bundle")
        }
        return url
    }

    /// The bytes of `Fixtures/<path>`, or nil when missing.
    static func bytes(_ path: String) -> [UInt8]? {
        (try? Data(contentsOf: root.appendingPathComponent(path))).map { [UInt8]($0) }
    }

    /// The files directly inside `Fixtures/<folder>`, sorted by name.
    static func files(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.sorted()
    }

    /// Headers from a `.headers` sidecar: one `name: value` per line.
    static func headers(_ path: String) -> [String: String] {
        guard let data = bytes(path), let text = String(bytes: data, encoding: .utf8) else { return [:] }
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            out[String(line[..<colon]).trimmingCharacters(in: .whitespaces)] =
                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return out
    }

    /// Lints a fixture, with the headers of its `.headers` sidecar when there is one.
    static func lint(_ path: String) -> LintResult? {
        guard let data = bytes(path) else { return nil }
        let base = path.split(separator: ".").dropLast().joined(separator: ".")
        return Linter.lint(data, headers: headers(base + ".headers"))
    }
}

/// Lints a JSON string.
func lint(_ json: String, headers: [String: String] = [:]) -> LintResult {
    Linter.lint(Array(json.utf8), headers: headers)
}

/// Parses a JSON string, failing loudly in tests when it is not JSON.
func parse(_ json: String) -> JSONValue {
    switch JSONReader.parse(json) {
    case .success(let v): return v
    case .failure(let e): fatalError("fixture JSON does not parse: \(e)")
    }
}
