/// The JSON that `pushbook lint --format json` prints, built in one place so the CLI and the
/// WebAssembly module of the playground print the same bytes.
///
/// Shape (ARCHITECTURE.md, "Command-line contract"): `{"files": [{"path", "kind", "bytes", "diagnostics": [...]}]}`, sorted keys,
/// two-space indent, trailing newline.
public struct LintReport: Sendable {
    /// One entry per file, in the order they were added.
    public private(set) var files: [JSONValue] = []

    /// Creates an empty report.
    public init() {}

    /// Adds the result of linting the file named `path` (`-` for standard input).
    public mutating func add(_ result: LintResult, path: String) {
        files.append(.object([
            ("path", .string(path)),
            ("kind", result.kind.map { .string($0.rawValue) } ?? .null),
            ("bytes", .int(result.bytes)),
            ("diagnostics", .array(result.diagnostics.map { $0.json })),
        ]))
    }

    /// The report as a JSON value.
    public var json: JSONValue { .object([("files", .array(files))]) }

    /// The report as printed: sorted keys, two-space indent, trailing newline.
    public var text: String { JSONWriter.write(json, sortKeys: true) }
}
