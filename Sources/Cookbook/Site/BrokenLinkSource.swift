import Foundation
import Payloads

/// Where a broken link of a recipe page was written: the Markdown link in the recipe's recipe.md
/// whose destination it is, at its line and column. The site check reads pages, so it knows only
/// the page; recipe.md is read again here, and only for a page with a broken link. A link the page
/// template wrote, or one in raw HTML, has no Markdown link: it keeps the page as its place.
enum BrokenLinkSource {
    /// The diagnostics of `broken` in the output folder `site`, each at its recipe.md link when the
    /// page is one of `recipes`' pages and its recipe.md has a link to that destination.
    static func diagnostics(_ broken: [LinkChecker.Broken], recipes: [Recipe], site: String) -> [Diagnostic] {
        let byPage = Dictionary(recipes.map { (RecipePage.path(of: $0.id), $0) }, uniquingKeysWith: { first, _ in first })
        var linksOf: [String: [MarkdownDocument.Link]] = [:]
        return broken.map { finding in
            guard let recipe = byPage[finding.page] else { return finding.diagnostic(site: site) }
            if linksOf[recipe.id] == nil { linksOf[recipe.id] = links(of: recipe) }
            let wanted = LinkChecker.percentDecoded(finding.href)
            guard let link = linksOf[recipe.id]?.first(where: { LinkChecker.percentDecoded($0.url) == wanted }) else {
                return finding.diagnostic(site: site)
            }
            return Diagnostic(file: recipe.markdownPath, location: SourceLocation(line: link.line + recipe.markdownLine - 1, column: link.column),
                              breaking: .brokenLink, "broken link '\(finding.href)' on page \(finding.page): \(finding.reason)")
        }
    }

    /// The Markdown links of `recipe`'s prose (its recipe.md after the front matter), or none when
    /// the file can no longer be read as it was loaded.
    static func links(of recipe: Recipe) -> [MarkdownDocument.Link] {
        guard let bytes = try? ContainedFile.read("recipe.md", under: recipe.folder.path, limit: RecipeLoader.fileSizeLimit),
              let text = String(validating: bytes, as: UTF8.self) else { return [] }
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(recipe.markdownLine - 1).joined(separator: "\n")
        return MarkdownDocument.references(in: body).links
    }
}
