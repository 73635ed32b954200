import Foundation
import Payloads

/// A recipe's front matter: the block between two `---` lines at the top of `recipe.md`.
///
/// The syntax is a strict subset of YAML: `key: value` lines, and lists written as `key:` followed
/// by indented `- item` lines. Values are plain text (quotes optional). Unknown keys are errors,
/// so a typo cannot silently drop a field.
struct FrontMatter: Sendable, Equatable {
    /// A value with the line it was written on.
    struct Field: Sendable, Equatable {
        /// The text, or nil for a list.
        var value: String?
        /// The items, for a list.
        var items: [(text: String, line: Int)]
        /// The line of the key.
        var line: Int

        static func == (lhs: Field, rhs: Field) -> Bool {
            lhs.value == rhs.value && lhs.line == rhs.line && lhs.items.map(\.text) == rhs.items.map(\.text)
        }
    }

    /// The fields, by key.
    var fields: [String: Field]
    /// The Markdown after the front matter.
    var body: String
    /// The line of `recipe.md` on which `body` starts.
    var bodyLine: Int

    /// The keys a recipe may use.
    static let knownKeys: Set<String> = ["title", "summary", "topic", "order", "tags", "service", "app", "needs", "sources", "examples", "want", "deploymentTarget"]

    /// Splits `text` into front matter and body; errors carry the file's line and column.
    static func parse(_ text: String, file: String) throws(Diagnostic) -> FrontMatter {
        let (lines, rest) = split(text)
        guard lines.first == "---" else {
            throw Diagnostic(file: file, breaking: .frontMatter, "recipe.md must start with a front matter block: a line '---', 'key: value' lines, and a closing '---'")
        }
        guard let end = lines.dropFirst().firstIndex(of: "---"), let rest else {
            throw Diagnostic(file: file, location: SourceLocation(line: 1, column: 1), breaking: .frontMatter, "the front matter opened here is never closed: add a line '---' after its last 'key: value' line")
        }
        var fields: [String: Field] = [:]
        var currentList: String?
        for index in 1..<end {
            let line = lines[index]
            let number = index + 1
            if let bad = line.unicodeScalars.firstIndex(where: { ($0.value < 0x20 && $0 != "\t") || ($0.value >= 0x7F && $0.value < 0xA0) }) {
                let column = line.unicodeScalars[..<bad].reduce(0) { $0 + $1.utf8.count } + 1
                throw Diagnostic(file: file, location: SourceLocation(line: number, column: column), breaking: .controlCharacter,
                                         "control character U+\(String(format: "%04X", line.unicodeScalars[bad].value)) in the front matter; remove it")
            }
            if line.trimmingSpaces.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard let key = currentList, trimmed.hasPrefix("- ") || trimmed == "-" else {
                    throw Diagnostic(file: file, location: SourceLocation(line: number, column: line.count - trimmed.count + 1), breaking: .frontMatter, "an indented line must be a list item ('- item') under a 'key:' line")
                }
                let item = unquote(String(trimmed.dropFirst(1)).trimmingSpaces)
                fields[key]?.items.append((item, number))
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .frontMatter, "expected 'key: value'")
            }
            let key = String(line[..<colon]).trimmingSpaces
            guard knownKeys.contains(key) else {
                let suggestion = knownKeys.min { editDistance($0, key) < editDistance($1, key) }.map { " Did you mean '\($0)'?" } ?? ""
                throw Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .frontMatter, "unknown front matter key '\(key)'.\(suggestion) Known keys: \(knownKeys.sorted().joined(separator: ", "))")
            }
            guard fields[key] == nil else {
                throw Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .frontMatter, "'\(key)' is given twice")
            }
            let value = String(line[line.index(after: colon)...]).trimmingSpaces
            if value.isEmpty {
                fields[key] = Field(value: nil, items: [], line: number)
                currentList = key
            } else {
                fields[key] = Field(value: unquote(value), items: [], line: number)
                currentList = nil
            }
        }
        return FrontMatter(fields: fields, body: rest, bodyLine: end + 2)
    }

    /// The lines of `text` up to the line `---` that closes the front matter (all its lines when
    /// none does), and the text after that line (nil when there is none), lines joined with `\n`.
    private static func split(_ text: String) -> (lines: [String], rest: String?) {
        // memchr over the text's bytes: a byte-by-byte `contains` was a fifth of the front matter's parse.
        let hasReturn = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false }
            ?? text.utf8.contains(UInt8(ascii: "\r"))
        guard hasReturn else {
            // Without a carriage return a line ends at each "\n" byte: split bytes, and only the front matter.
            var lines: [String] = []
            let bytes = text.utf8
            var start = bytes.startIndex
            while true {
                let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
                let line = String(Substring(text.utf8[start..<(newline ?? bytes.endIndex)]))
                lines.append(line)
                guard let newline else { return (lines, lines.count > 1 && line == "---" ? "" : nil) }
                start = bytes.index(after: newline)
                if lines.count > 1 && line == "---" { return (lines, String(Substring(text.utf8[start...]))) }
            }
        }
        // "\r\n" is one Character in Swift, never equal to "\n": split on both, or a CRLF file is one line.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return (lines, nil) }
        return (Array(lines[...end]), lines[(end + 1)...].joined(separator: "\n"))
    }

    /// A required text field.
    func text(_ key: String, file: String) throws(Diagnostic) -> String {
        guard let field = fields[key] else {
            throw Diagnostic(file: file, breaking: .frontMatter, "the front matter needs '\(key):'")
        }
        guard let value = field.value, !value.isEmpty else {
            throw Diagnostic(file: file, location: SourceLocation(line: field.line, column: 1), breaking: .frontMatter, "'\(key)' must be a non-empty value, not a list")
        }
        return value
    }

    /// An optional text field.
    func optionalText(_ key: String) -> String? { fields[key]?.value }

    /// A list field (empty when absent); a single value counts as a one-item list.
    func list(_ key: String) -> [(text: String, line: Int)] {
        guard let field = fields[key] else { return [] }
        if let value = field.value { return [(value, field.line)] }
        return field.items
    }

    private static func unquote(_ s: String) -> String {
        if s.count >= 2, (s.hasPrefix("\"") && s.hasSuffix("\"")) || (s.hasPrefix("'") && s.hasSuffix("'")) {
            return String(s.dropFirst().dropLast())
        }
        return s
    }
}
