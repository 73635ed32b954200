/// The search page: the script reads `?q=` and lists matches from `search-index.js`; without
/// JavaScript it says so and links to the index.
enum SearchPage {
    /// The page's HTML.
    static func render() -> String {
        var main = "<h1>Search</h1>\n<form class=\"search-form\" action=\"search.html\" role=\"search\">\n"
        main += "<label for=\"search-input\">Search recipes, code and rules</label>\n"
        main += "<input id=\"search-input\" name=\"q\" type=\"search\" autocomplete=\"off\">\n<button type=\"submit\">Search</button>\n</form>\n"
        main += "<div id=\"search-results\" aria-live=\"polite\"></div>\n"
        main += "<noscript><p>Search needs JavaScript. Every recipe is listed on the <a href=\"index.html\">home page</a>.</p></noscript>\n"
        return PageLayout.render(title: "Search", description: "Search the Pushbook cookbook.", root: "", current: "search", main: main, scripts: ["search-index.js"])
    }
}
