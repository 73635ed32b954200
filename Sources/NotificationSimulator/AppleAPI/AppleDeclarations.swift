import Foundation

/// The checked-in list of Apple's declarations that the model mirrors (`apple-declarations.txt`):
/// what the symbol-graph test compares the module with, and where `pushbook check` finds the iOS
/// version each API needs. Package access: it is the tool's, not part of the Apple-shaped API.
package enum AppleDeclarations {
    /// One declaration of the list.
    package struct Entry: Sendable, Equatable {
        /// The symbol's path: `Type`, `Type/member(labels:)`, `Type/Nested/case`.
        package var path: String
        /// The Swift declaration as Apple's documentation shows it.
        package var declaration: String
        /// The iOS version that introduced it, as (major, minor); nil for Foundation's own members.
        package var introduced: Version?
        /// The iOS version that deprecated it, if any.
        package var deprecated: Version?
        /// The documentation URL and the confirmation mark.
        package var source: String
        /// The line of the list, for messages.
        package var line: Int

        /// The symbol's name: the last path component without its labels (`add`, `init`, `badge`).
        package var name: String {
            let last = path.split(separator: "/").last.map(String.init) ?? path
            return String(last.prefix { $0 != "(" })
        }

        /// The argument labels of a function or initializer (`["_", "withCompletionHandler"]`), or nil.
        package var labels: [String]? {
            let last = path.split(separator: "/").last.map(String.init) ?? path
            guard let open = last.firstIndex(of: "("), last.hasSuffix(")") else { return nil }
            return last[last.index(after: open)..<last.index(before: last.endIndex)].split(separator: ":").map(String.init)
        }

        /// The type the symbol belongs to (its first path component).
        package var owner: String { path.split(separator: "/").first.map(String.init) ?? path }
    }

    /// An iOS version.
    package struct Version: Sendable, Equatable, Comparable, CustomStringConvertible {
        /// The major version.
        package var major: Int
        /// The minor version.
        package var minor: Int

        /// Reads `15`, `15.2` or `15.2.1` (the patch is ignored).
        package init?(_ text: some StringProtocol) {
            let parts = text.split(separator: ".")
            guard (1...3).contains(parts.count), let major = Int(parts[0]) else { return nil }
            let minor = parts.count > 1 ? Int(parts[1]) : 0
            guard let minor else { return nil }
            self.major = major
            self.minor = minor
        }

        /// `15.0`.
        package var description: String { "\(major).\(minor)" }

        /// Orders versions.
        package static func < (lhs: Version, rhs: Version) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }
    }

    /// Every entry, in the list's order.
    package static let all: [Entry] = parse(String(decoding: PackageResources.apple_declarations_txt, as: UTF8.self))

    /// Parses the list's text; lines that are empty or start with `#` are skipped. Fields are split
    /// as bytes: Foundation's `components(separatedBy:)` and `trimmingCharacters(in:)` made this
    /// the slowest part of checking one recipe.
    package static func parse(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = trimmed(raw)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = split(line, at: " | ")
            guard fields.count == 4 else { continue }
            let versions = split(fields[2], at: " deprecated ")
            entries.append(Entry(path: String(fields[0]), declaration: String(fields[1]), introduced: Version(versions[0]),
                                 deprecated: versions.count > 1 ? Version(versions[1]) : nil, source: String(fields[3]), line: index + 1))
        }
        return entries
    }

    /// The parts of `text` between the occurrences of `separator` (ASCII), read left to right as
    /// `components(separatedBy:)` does, empty parts kept; compared as bytes.
    private static func split(_ text: Substring, at separator: String) -> [Substring] {
        let pattern = Array(separator.utf8), utf8 = text.utf8
        var parts: [Substring] = []
        var start = utf8.startIndex, index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index...].starts(with: pattern) {
                parts.append(text[start..<index])
                index = utf8.index(index, offsetBy: pattern.count)
                start = index
            } else {
                index = utf8.index(after: index)
            }
        }
        parts.append(text[start..<utf8.endIndex])
        return parts
    }

    /// `line` without the white space at its ends that `CharacterSet.whitespaces` names: tabs and
    /// the Unicode space separators (not line breaks).
    private static func trimmed(_ line: Substring) -> Substring {
        func isSpace(_ character: Character) -> Bool {
            character == "\t" || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) }) else { return "" }
        return line[first...last]
    }
}
