import Payloads

/// The arguments of an `include` block: `include PATH [region=NAME] [lang=LANGUAGE]`.
struct RecipeInclude: Sendable, Equatable {
    /// The file, relative to the recipe's folder.
    var path: String
    /// The region of a Swift file to show, or nil for all of it.
    var region: String?
    /// The highlighter's language, or nil to take it from the file's extension.
    var language: String?

    /// Reads the words after `include`.
    static func parse(_ words: ArraySlice<String>, file: String, location: SourceLocation) throws(Diagnostic) -> RecipeInclude {
        var include = RecipeInclude(path: "", region: nil, language: nil)
        for word in words {
            if word.hasPrefix("region=") { include.region = String(word.dropFirst(7)) }
            else if word.hasPrefix("lang=") { include.language = String(word.dropFirst(5)) }
            else if word.hasPrefix("file=") { include.path = String(word.dropFirst(5)) }
            else if include.path.isEmpty { include.path = word }
            else { throw Diagnostic(file: file, location: location, breaking: .include, "unknown include option '\(word)' (expected PATH, region=NAME, lang=LANGUAGE)") }
        }
        guard !include.path.isEmpty else { throw Diagnostic(file: file, location: location, breaking: .include, "write 'include PATH'") }
        return include
    }
}
