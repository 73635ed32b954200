import Foundation
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
        for line in lines {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { continue }
            let rest = trimmed[trimmed.index(after: end)...].drop { $0 == " " }
            if rest.hasPrefix(":") { names.insert(String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])) }
        }
        return names
    }

    /// The file's lines split at each line feed, a carriage return kept at the end of its line (a
    /// `String` holds "\r\n" as one character, so the split is done on the UTF-8 bytes).
    private var lines: [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file with `service` registered as a service extension made by `service()`: the entry
    /// goes on its own line before the bracket that closes the `entryPoints` literal, found by
    /// counting brackets in the code (comments and string literals skipped). Line endings stay as
    /// the file has them. When the literal is not laid out so (no such declaration, the closing
    /// bracket shares its line, an empty `[:]`), nothing is guessed: the error says to add the entry by hand.
    public func registering(service: String) throws(Diagnostic) -> String {
        let byHand = "add this entry by hand: \(Self.entry(service).trimmingCharacters(in: .whitespaces))"
        func refuse(_ reason: String, at token: SwiftTokens.Token? = nil) -> Diagnostic {
            Diagnostic(file: file, location: token.map { SourceLocation(line: $0.line, column: $0.column) } ?? .none, breaking: .scaffoldRegistry, "\(reason); \(byHand)")
        }
        let tokens = SwiftTokens(text).tokens
        guard let name = tokens.indices.first(where: { tokens[$0].text == "entryPoints" && $0 > 0 && ["let", "var"].contains(tokens[$0 - 1].text) }),
              let equals = tokens[name...].firstIndex(where: { $0.text == "=" }), equals + 1 < tokens.count, tokens[equals + 1].text == "[" else {
            throw refuse("no 'public static let entryPoints: [String: RecipeEntryPoint] = [' declaration to add the service to")
        }
        let open = equals + 1
        var depth = 0
        var closing: Int?
        for index in open..<tokens.count {
            if tokens[index].text == "[" { depth += 1 }
            if tokens[index].text == "]" { depth -= 1; if depth == 0 { closing = index; break } }
        }
        guard let close = closing else { throw refuse("the entryPoints dictionary opened here is never closed", at: tokens[open]) }
        let previous = tokens[close - 1]
        guard previous.line < tokens[close].line else { throw refuse("the bracket closing the entryPoints dictionary is not on a line of its own", at: tokens[close]) }
        guard close - 1 != open, previous.text != ":" || close - 2 != open else { throw refuse("the entryPoints dictionary is empty", at: tokens[open]) }

        var lines = self.lines
        let closeLine = tokens[close].line - 1
        if previous.text != "," {
            var bytes = Array(lines[previous.line - 1].utf8)
            bytes.insert(UInt8(ascii: ","), at: previous.column - 1 + previous.text.utf8.count)
            lines[previous.line - 1] = String(decoding: bytes, as: UTF8.self)
        }
        lines.insert(Self.entry(service) + (lines[closeLine].hasSuffix("\r") ? "\r" : ""), at: closeLine)
        return lines.joined(separator: "\n")
    }

    /// The error for `recipe` when the running tool holds no entry point for its service: when the
    /// registry file beside the recipe has the entry, the tool was built before it was added and
    /// must be rebuilt; otherwise the entry is missing from that file, which the error names.
    public static func unregistered(_ recipe: Recipe) -> Diagnostic {
        let parent = (recipe.displayPath as NSString).deletingLastPathComponent
        let shown = parent.isEmpty ? "Registry.swift" : "\(parent)/Registry.swift"
        let bytes = try? ContainedFile.read("Registry.swift", under: recipe.folder.deletingLastPathComponent().path, limit: ExtensionSource.sizeLimit)
        let file = bytes.map { RecipeRegistryFile(text: String(decoding: $0, as: UTF8.self), file: shown) }
        if let file, file.services.contains(recipe.service) {
            return Diagnostic(file: recipe.markdownPath, breaking: .service,
                              "service '\(recipe.service)' is in \(shown), but this pushbook was built before it was added; rebuild it (swift build) and run again")
        }
        return Diagnostic(file: recipe.markdownPath, breaking: .service, "service '\(recipe.service)' is not in the recipe registry (\(shown))")
    }

    /// The entry of a service extension class `service`.
    public static func entry(_ service: String) -> String {
        "        \"\(service)\": .serviceExtension { \(service)() },"
    }
}
