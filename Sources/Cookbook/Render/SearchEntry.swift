/// One entry of the site's search index: a page section, what it says, and where it is.
struct SearchEntry: Sendable, Equatable, Codable {
    /// The page (and anchor), relative to the site root.
    var url: String
    /// The page's title.
    var title: String
    /// The section's title.
    var section: String
    /// The text searched and shown in snippets.
    var text: String
    /// What the section is; the search page shows it as a label.
    var kind: Kind

    /// The kinds of section, spelled as the search page's script reads them.
    enum Kind: String, Sendable, Codable {
        /// A recipe's summary and tags.
        case recipe
        /// A section of a recipe's prose, its requirements or its sources.
        case section
        /// A code block of a recipe.
        case code
        /// An example's panel.
        case example
        /// A rule of the catalogue.
        case rule
        /// A section of a guide page.
        case guide
    }
}
