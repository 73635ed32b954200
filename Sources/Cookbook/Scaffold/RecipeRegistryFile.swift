import Payloads

/// `Recipes/Registry.swift`, read as text to add one service: the entries of its `entryPoints`
/// dictionary literal, and the file with one more entry before the literal's closing bracket.
public struct RecipeRegistryFile: Sendable {
    /// The file's text.
    public var text: String
    /// The file, as messages name it.
    public var file: String

    /// Wraps the text of `file`.
    public init(text: String, file: String) {
        self.text = text
        self.file = file
    }

    /// The registered service names (the string keys of the entries).
    public var services: Set<String> {
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { continue }
            let rest = trimmed[trimmed.index(after: end)...].drop { $0 == " " }
            if rest.hasPrefix(":") { names.insert(String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])) }
        }
        return names
    }

    /// The file with `service` registered as a service extension made by `service()`.
    public func registering(service: String) throws(Diagnostic) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("entryPoints") && $0.contains("RecipeEntryPoint") && $0.hasSuffix("[") }) else {
            throw Diagnostic(file: file, breaking: .scaffoldRegistry,
                             "no 'public static let entryPoints: [String: RecipeEntryPoint] = [' line to add the service to; add this entry by hand: \(Self.entry(service).trimmingCharacters(in: .whitespaces))")
        }
        guard let end = lines[(start + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "]" }) else {
            throw Diagnostic(file: file, location: SourceLocation(line: start + 1, column: 1), breaking: .scaffoldRegistry,
                             "the entryPoints dictionary opened here has no line ']' closing it")
        }
        if let last = lines[start..<end].lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }), last > start,
           !lines[last].trimmingCharacters(in: .whitespaces).hasSuffix(",") {
            lines[last] += ","
        }
        lines.insert(Self.entry(service), at: end)
        return lines.joined(separator: "\n")
    }

    /// The entry of a service extension class `service`.
    static func entry(_ service: String) -> String {
        "        \"\(service)\": .serviceExtension { \(service)() },"
    }
}
