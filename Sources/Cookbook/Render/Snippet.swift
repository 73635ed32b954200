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
        var shown: [String] = []
        var hidden = false
        var hideLine = 0
        var openRegion: (name: String, line: Int)?
        var found = region == nil
        // "\r\n" is one Character in Swift: split on it too, or markers in a CRLF file go unseen.
        for (index, raw) in source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = String(raw)
            let number = index + 1
            let trimmed = line.trimmingSpaces
            if trimmed.hasPrefix("// snippet.") {
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
            if let mapped = iOSImports(line) { shown += mapped; continue }
            shown.append(line)
        }
        if hidden { throw Diagnostic(file: file, location: SourceLocation(line: hideLine, column: 1), breaking: .snippet, "'snippet.hide' is never closed by 'snippet.show'") }
        if let open = openRegion { throw Diagnostic(file: file, location: SourceLocation(line: open.line, column: 1), breaking: .snippet, "region '\(open.name)' is never closed by 'snippet.end'") }
        if let region, !found {
            // Reported where the region is asked for (the include's line), when known.
            if let include { throw Diagnostic(file: include.file, location: include.location, breaking: .snippet, "no region 'snippet.\(region)' in '\(file)'") }
            throw Diagnostic(file: file, breaking: .snippet, "no region 'snippet.\(region)' in this file")
        }
        while shown.first?.trimmingSpaces.isEmpty == true { shown.removeFirst() }
        while shown.last?.trimmingSpaces.isEmpty == true { shown.removeLast() }
        let indent = shown.filter { !$0.trimmingSpaces.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return Snippet(code: shown.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n"))
    }

    /// The iOS imports for a simulator import line, or nil for any other line.
    private static func iOSImports(_ line: String) -> [String]? {
        guard line.hasPrefix("import NotificationSimulator") else { return nil }
        guard let range = line.range(of: "// iOS:") else { return ["import UserNotifications"] }
        let modules = line[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," }).map { "import \($0)" }
        return modules.isEmpty ? ["import UserNotifications"] : modules
    }
}
