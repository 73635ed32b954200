import Foundation

/// The home page: recipes grouped by topic, each with its summary and a small preview.
struct IndexPage {
    /// The recipes, in index order.
    var recipes: [Recipe]
    /// The notification each recipe's card draws, by recipe id.
    var previews: [String: ExampleView.Notification]

    /// Tags as links to a search for each (`root` leads from the page to the site root); a tag's
    /// link is taken from `made` when it holds it (tags recur from card to card), and kept there.
    static func tagList(_ tags: [String], root: String, made: inout [String: String]) -> String {
        "<p class=\"tags\"><span class=\"visually-hidden\">Tags: </span>" + tags.map { tag in
            if let link = made[tag] { return link }
            let query = tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let link = "<a class=\"tag\" href=\"\(HTML.escapeAttribute(root))search.html?q=\(HTML.escapeAttribute(query))\">\(HTML.escapeText(tag))</a>"
            made[tag] = link
            return link
        }.joined(separator: " ") + "</p>\n"
    }

    /// Tags as links to a search for each (`root` leads from the page to the site root).
    static func tagList(_ tags: [String], root: String) -> String {
        var made: [String: String] = [:]
        return tagList(tags, root: root, made: &made)
    }

    /// The cards of the recipes at `indices` (of `recipes`), in that order.
    private func cards(_ indices: Range<Int>) -> [String] {
        var tagLinks: [String: String] = [:]
        return indices.map { index in
            let recipe = recipes[index]
            var card = "<li class=\"recipe-card\">\n<a href=\"recipes/\(HTML.escapeAttribute(recipe.id)).html\">\n"
            card += "<h3>\(HTML.escapeText(recipe.title))</h3>\n<p>\(RecipePage.inline(recipe.summary, links: false))</p>\n</a>\n"
            if let preview = previews[recipe.id] {
                card += "<div class=\"recipe-card-preview\" aria-hidden=\"true\">" + NotificationPreview.banner(ExamplePanel.model(preview), expanded: false) + "</div>\n"
            }
            if !recipe.tags.isEmpty { card += Self.tagList(recipe.tags, root: "", made: &tagLinks) }
            return card + "</li>\n"
        }
    }

    /// The page's HTML, with one card per recipe.
    func render() -> String {
        let cards = self.cards(recipes.indices)
        var main = ""
        main.reserveCapacity(cards.reduce(0) { $0 + $1.utf8.count } + 16384)
        main += "<section class=\"hero\">\n<h1>Pushbook</h1>\n"
        main += "<p class=\"hero-lede\">An executable cookbook for iOS rich push notifications. Every recipe's Swift code runs against Pushbook's model of what FCM, APNs and iOS do to a push, and every outcome on these pages was verified when the site was built, by pushbook \(PushbookVersion.number).</p>\n"
        let wants = recipes.compactMap { recipe in recipe.want.map { (recipe.id, $0) } }
        if !wants.isEmpty {
            main += "<nav class=\"wants\" aria-labelledby=\"i-want-to\">\n<h2 id=\"i-want-to\">I want to…</h2>\n<ul>\n"
            for (id, label) in wants { main += "<li><a href=\"recipes/\(HTML.escapeAttribute(id)).html\">\(HTML.escapeText(label))</a></li>\n" }
            main += "<li><a href=\"send-to-a-device.html\">send a push to my phone or to Xcode's Simulator</a></li>\n</ul>\n</nav>\n"
        }
        main += "</section>\n"
        var topics: [String] = []
        for recipe in recipes where !topics.contains(recipe.topic) { topics.append(recipe.topic) }
        var slugger = Slugger()
        main += "<div class=\"topic-grid\">\n"
        for topic in topics {
            let id = slugger.slug(topic)
            main += "<section class=\"topic\" aria-labelledby=\"topic-\(HTML.escapeAttribute(id))\">\n<h2 id=\"topic-\(HTML.escapeAttribute(id))\">\(HTML.escapeText(topic))</h2>\n<ul class=\"recipe-cards\">\n"
            for index in recipes.indices where recipes[index].topic == topic { main += cards[index] }
            main += "</ul>\n</section>\n"
        }
        main += "</div>\n"
        main += "<section class=\"topic\" aria-labelledby=\"your-own-payload\">\n<h2 id=\"your-own-payload\">Check your own payload</h2>\n"
        main += "<p>The model behind these pages runs on any push, without a Mac or a device. <code>lint</code> says whether APNs and FCM accept it and whether your extension will run, with the rule and its source; <code>simulate</code> runs it through iOS (and, with <code>--recipe</code>, through a recipe's extension) and prints what the user would see.</p>\n"
        main += CodePanel.render(code: "swift run pushbook lint my-message.json\nswift run pushbook simulate --format text my-message.json\nswift run pushbook simulate --recipe fcm-image --format text my-message.json\nswift run pushbook lint --rules", language: "shell", caption: "From a clone of the repository")
        main += "<p>Every rule and simulated behaviour, with its source and confidence, is on the <a href=\"rules.html\">rules page</a>.</p>\n</section>\n"
        return PageLayout.render(title: "Pushbook", description: "An executable cookbook for iOS rich push notifications.", root: "", current: "recipes", main: main)
    }
}
