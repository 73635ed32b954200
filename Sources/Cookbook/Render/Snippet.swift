import Foundation
import Payloads

/// The part of a recipe's Swift file that a page shows, after DocC-style snippet markers.
///
/// - `// snippet.hide` … `// snippet.show`: lines the simulator needs but an Xcode project would not
///   (the Linux networking import); never shown, never copied.
/// - `// snippet.NAME` … `// snippet.end`: a named region, shown with `include FILE region=NAME`.
/// - `import NotificationSimulator // iOS: UserNotifications Intents` is shown as the iOS imports.
///
/// The first block a page shows from a file starts with the file's imports, and the whole file is
/// offered as a download (`downloadText`): iOS imports, no markers, no hidden lines.
struct Snippet: Sendable, Equatable {
    /// The lines shown, dedented.
    var code: String

    /// The shown code of `region` (or of the whole file), after the file's shown imports when
    /// `withImports` is true and a region is asked for; errors carry the file's line, and a missing
    /// region is reported at `include` (the recipe.md line that asks for it) when given.
    static func extract(from source: String, region: String?, file: String, withImports: Bool,
                        includedAt include: (file: String, location: SourceLocation)? = nil) throws(Diagnostic) -> Snippet {
        let snippet = try extract(from: source, region: region, file: file, includedAt: include)
        guard withImports, region != nil else { return snippet }
        let imports = try extract(from: source, region: nil, file: file).code
            .split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.isEmpty || $0.hasPrefix("import ") }
            .filter { $0.hasPrefix("import ") }
        guard !imports.isEmpty else { return snippet }
        return Snippet(code: imports.joined(separator: "\n") + "\n\n" + snippet.code)
    }

    /// The whole file as a reader pastes it into Xcode: iOS imports, no snippet markers, no hidden
    /// lines, ending with a newline.
    static func downloadText(of source: String, file: String) throws(Diagnostic) -> String {
        try extract(from: source, region: nil, file: file).code + "\n"
    }

    /// Extracts the shown code (of `region`, or of the whole file); errors carry the file's line, and a
    /// missing region is reported at `include` (the recipe.md line that asks for it) when given.
    static func extract(from source: String, region: String?, file: String,
                        includedAt include: (file: String, location: SourceLocation)? = nil) throws(Diagnostic) -> Snippet {
        var shown: [Substring] = []
        var hidden = false
        var hideLine = 0
        var openRegion: (name: String, line: Int)?
        var found = region == nil
        for (index, line) in Self.lines(of: source).enumerated() {
            let number = index + 1
            // Only a line whose bytes hold the marker after spaces and tabs can be one (see `mayStart`).
            if Self.mayStart(line, with: "// snippet."), case let trimmed = String(line).trimmingSpaces, trimmed.hasPrefix("// snippet.") {
                let marker = String(trimmed.dropFirst("// snippet.".count)).trimmingSpaces
                switch marker {
                case "hide":
                    guard !hidden else { throw Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .snippet, "'snippet.hide' inside a hidden part (opened on line \(hideLine))") }
                    hidden = true
                    hideLine = number
                case "show":
                    guard hidden else { throw Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .snippet, "'snippet.show' without a 'snippet.hide' before it") }
                    hidden = false
                case "end":
                    guard openRegion != nil else { throw Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .snippet, "'snippet.end' without an open region") }
                    openRegion = nil
                default:
                    guard !marker.isEmpty, marker.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                        throw Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .snippet, "a snippet marker is snippet.hide, snippet.show, snippet.end or snippet.NAME (letters, digits, - and _)")
                    }
                    if let open = openRegion {
                        throw Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .snippet, "region '\(marker)' starts inside region '\(open.name)' (line \(open.line)); close it with 'snippet.end' first")
                    }
                    openRegion = (marker, number)
                    if marker == region { found = true }
                }
                continue
            }
            guard !hidden else { continue }
            if let region, openRegion?.name != region { continue }
            if line.utf8.starts(with: "import NotificationSimulator".utf8), let mapped = iOSImports(String(line)) { shown += mapped.map { Substring($0) }; continue }
            shown.append(line)
        }
        if hidden { throw Diagnostic(file: file, location: SourceLocation(line: hideLine, column: 1), breaking: .snippet, "'snippet.hide' is never closed by 'snippet.show'") }
        if let open = openRegion { throw Diagnostic(file: file, location: SourceLocation(line: open.line, column: 1), breaking: .snippet, "region '\(open.name)' is never closed by 'snippet.end'") }
        if let region, !found {
            // Reported where the region is asked for (the include's line), when known.
            if let include { throw Diagnostic(file: include.file, location: include.location, breaking: .snippet, "no region 'snippet.\(region)' in '\(file)'") }
            throw Diagnostic(file: file, breaking: .snippet, "no region 'snippet.\(region)' in this file")
        }
        let first = shown.firstIndex { !Self.isBlank($0) } ?? shown.endIndex
        let last = shown.lastIndex { !Self.isBlank($0) }.map { $0 + 1 } ?? first
        let kept = shown[first..<max(first, last)]
        let indent = kept.filter { !Self.isBlank($0) }.map(Self.leadingSpaces).min() ?? 0
        return Snippet(code: kept.map { $0.dropFirst(min(indent, Self.leadingSpaces($0))) }.joined(separator: "\n"))
    }

    /// The lines of `source`, split where `Character` splits on "\n" or "\r\n": at each LF byte, a CR
    /// just before it going with it (CR LF is one grapheme; a lone CR, or a CR after LF, is not a break).
    static func lines(of source: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = source.utf8
        var start = utf8.startIndex
        var index = start
        var previous: UInt8 = 0
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A {
                var end = index
                if previous == 0x0D, end != start { end = utf8.index(before: end) }
                lines.append(source[start..<end])
                start = utf8.index(after: index)
            }
            previous = byte
            index = utf8.index(after: index)
        }
        lines.append(source[start..<utf8.endIndex])
        return lines
    }

    /// False only when `line` cannot start with `prefix` after its spaces and tabs, judged on bytes: a
    /// line that passes is tested again on `Character`s.
    private static func mayStart(_ line: Substring, with prefix: StaticString) -> Bool {
        let bytes = line.utf8.drop { $0 == 0x20 || $0 == 0x09 }
        return prefix.withUTF8Buffer { bytes.starts(with: $0) }
    }

    /// True when the line holds only spaces and tabs (`trimmingSpaces` is empty).
    private static func isBlank(_ line: Substring) -> Bool {
        line.utf8.allSatisfy { $0 < 0x80 } ? line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } : String(line).trimmingSpaces.isEmpty
    }

    /// How many spaces the line starts with, as `Character`s (an ASCII line's bytes are its Characters).
    private static func leadingSpaces(_ line: Substring) -> Int {
        line.utf8.allSatisfy { $0 < 0x80 } ? line.utf8.prefix { $0 == 0x20 }.count : line.prefix { $0 == " " }.count
    }

    /// The iOS imports for a simulator import line, or nil for any other line.
    private static func iOSImports(_ line: String) -> [String]? {
        guard line.hasPrefix("import NotificationSimulator") else { return nil }
        guard let range = line.range(of: "// iOS:") else { return ["import UserNotifications"] }
        let modules = line[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," }).map { "import \($0)" }
        return modules.isEmpty ? ["import UserNotifications"] : modules
    }
}
