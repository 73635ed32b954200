
/// The home page: recipes grouped by topic, each with its summary and a small preview.
struct IndexPage {
    /// The recipes, in index order.
    var recipes: [Recipe]
    /// The notification each recipe's card draws, by recipe id.
    var previews: [String: ExampleView.Notification]

    /// The page's HTML.
    func render() -> String {
        var main = "<section class=\"hero\">\n<h1>Pushbook</h1>\n"
        main += "<p class=\"hero-lede\">An executable cookbook for iOS rich push notifications. Every recipe's Swift code runs against a model of what FCM, APNs and iOS do to a push, and every outcome on these pages is verified on each build.</p>\n</section>\n"
        var topics: [String] = []
        for recipe in recipes where !topics.contains(recipe.topic) { topics.append(recipe.topic) }
        var slugger = Slugger()
        for topic in topics {
            let id = slugger.slug(topic)
            main += "<section class=\"topic\" aria-labelledby=\"topic-\(HTML.escapeAttribute(id))\">\n<h2 id=\"topic-\(HTML.escapeAttribute(id))\">\(HTML.escapeText(topic))</h2>\n<ul class=\"recipe-cards\">\n"
            for recipe in recipes where recipe.topic == topic {
                main += "<li class=\"recipe-card\">\n<a href=\"recipes/\(HTML.escapeAttribute(recipe.id)).html\">\n"
                main += "<h3>\(HTML.escapeText(recipe.title))</h3>\n<p>\(RecipePage.inline(recipe.summary, links: false))</p>\n</a>\n"
                if let preview = previews[recipe.id] {
                    main += "<div class=\"recipe-card-preview\" aria-hidden=\"true\">" + NotificationPreview.banner(ExamplePanel.model(preview), expanded: false) + "</div>\n"
                }
                if !recipe.tags.isEmpty {
                    main += "<p class=\"tags\">" + recipe.tags.map { "<span class=\"tag\">\(HTML.escapeText($0))</span>" }.joined(separator: " ") + "</p>\n"
                }
                main += "</li>\n"
            }
            main += "</ul>\n</section>\n"
        }
        main += "<section class=\"topic\" aria-labelledby=\"your-own-payload\">\n<h2 id=\"your-own-payload\">Check your own payload</h2>\n"
        main += "<p>The model behind these pages runs on any push, without a Mac or a device. <code>lint</code> says whether APNs and FCM accept it and whether your extension will run, with the rule and its source; <code>simulate</code> runs it through iOS (and, with <code>--recipe</code>, through a recipe's extension) and prints what the user would see.</p>\n"
        main += CodePanel.render(code: "swift run pushbook lint my-message.json\nswift run pushbook simulate --format text my-message.json\nswift run pushbook simulate --recipe fcm-image --format text my-message.json\nswift run pushbook lint --rules", language: "shell", caption: "From a clone of the repository")
        main += "<p>Every rule and simulated behaviour, with its source and confidence, is on the <a href=\"rules.html\">rules page</a>.</p>\n</section>\n"
        return PageLayout.render(title: "Pushbook", description: "An executable cookbook for iOS rich push notifications.", root: "", current: "recipes", main: main)
    }
}
