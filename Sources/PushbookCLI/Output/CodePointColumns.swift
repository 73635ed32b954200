import Foundation
import Payloads

/// The source bytes of the files diagnostics point into, so that SARIF and GitHub get columns in
/// Unicode code points (SARIF's `columnKind: unicodeCodePoints`; GitHub counts characters too),
/// while every `Diagnostic` counts UTF-8 bytes (`SourceLocation.column`). The two are equal on
/// ASCII lines; a file whose bytes are not known keeps its byte column.
struct CodePointColumns: Sendable {
    /// The bytes of each file, by the name diagnostics give it.
    private var sources: [String: [UInt8]] = [:]

    /// The most `reading` loads of one file: larger files keep byte columns.
    static let readLimit = 8 << 20

    /// Remembers the bytes of `file`, as read for linting.
    mutating func add(_ file: String, _ bytes: [UInt8]) { sources[file] = bytes }

    /// The columns of the files `diagnostics` point into past column 1, read from disk by the name
    /// they give (relative to the current folder, as printed). Only regular files are read, never
    /// through a symbolic link; a file that cannot be read keeps byte columns.
    static func reading(_ diagnostics: [Diagnostic]) -> CodePointColumns {
        var columns = CodePointColumns()
        for diagnostic in diagnostics where diagnostic.location.line > 0 && diagnostic.location.column > 1 {
            guard let file = diagnostic.file, columns.sources[file] == nil,
                  let attributes = try? FileManager.default.attributesOfItem(atPath: file),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let size = attributes[.size] as? Int, size <= readLimit,
                  let data = FileManager.default.contents(atPath: file) else { continue }
            columns.sources[file] = Array(data)
        }
        return columns
    }

    /// The 1-based column of `diagnostic` in code points, 0 when it has no line.
    func column(_ diagnostic: Diagnostic) -> Int {
        Self.characterColumn(of: diagnostic.location, in: diagnostic.file.flatMap { sources[$0] })
    }

    /// The 1-based column in code points of a location whose column counts UTF-8 bytes: the bytes
    /// before it on its line that do not continue a character, plus one. Without the source, or for
    /// a location past the end, the byte column stands.
    static func characterColumn(of location: SourceLocation, in source: [UInt8]?) -> Int {
        guard location.line > 0, location.column > 0 else { return max(location.column, 0) }
        guard let source else { return location.column }
        var line = 1, index = 0
        while line < location.line, index < source.count {
            if source[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        guard line == location.line, index + location.column - 1 <= source.count else { return location.column }
        let before = source[index..<(index + location.column - 1)]
        return before.reduce(1) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 }
    }
}
