/// What the WebAssembly module answers: the same `Linter` and `LintReport` as `pushbook lint --format json`,
/// so both print the same bytes.
enum ModuleLint {
    /// A header the module could not read.
    struct HeaderError: Error {
        /// The CLI's message for it.
        var message: String
    }

    /// Headers from `NAME:VALUE` texts, read as `pushbook lint --header` reads them.
    static func headers(_ options: [String]) -> Result<[String: String], HeaderError> {
        var headers: [String: String] = [:]
        for option in options {
            guard let (name, value) = APNsHeaders.option(option) else {
                return .failure(HeaderError(message: "a header is NAME:VALUE (got '\(option)')"))
            }
            headers[name] = value
        }
        return .success(headers)
    }

    /// The lines of `text` (LF or CRLF), without those holding only spaces and tabs.
    static func lines(_ text: [UInt8]) -> [String] {
        text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
            .filter { line in line.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Lints `input` as standard input (`-`): its report as `pushbook lint --format json -` prints it,
    /// and the push's verdict (`PushVerdict`) as compact JSON.
    static func answer(_ input: [UInt8], headers: [String: String]) -> (report: String, verdict: String) {
        let result = Linter.lint(input, headers: headers)
        var report = LintReport()
        report.add(result, path: "-")
        return (report.text, JSONWriter.compact(PushVerdict(result).json))
    }
}
