/// The id and title of a neighbouring recipe, for the previous/next links.
struct RecipeLink: Codable, Sendable, Equatable {
    /// The recipe's id.
    var id: String
    /// Its title.
    var title: String
}
