import Testing
@testable import Cookbook

/// What a cache entry may name as its recipe's (`BuildCache.areOwnFiles`, `areOwnSearchEntries`):
/// the recipe's page first, its downloads and media with plain names, and search entries into its
/// page; anything else makes the entry a miss, so a poisoned entry cannot place a file or a search
/// result outside its recipe.
struct CacheOwnershipTests {
    @Test("a recipe's page, downloads and media with plain names are its own")
    func ownFilesAreAccepted() {
        #expect(BuildCache.areOwnFiles(["recipes/fcm-image.html"], of: "fcm-image"))
        #expect(BuildCache.areOwnFiles(["recipes/fcm-image.html", "downloads/fcm-image/basic.fcm.json", "media/fcm-image/a/b_c-1.png"], of: "fcm-image"))
    }

    @Test("another recipe's files, odd parts, a missing or repeated page and a download in a subfolder are refused",
          arguments: [
              ["downloads/fcm-image/basic.json"],
              ["recipes/other.html"],
              ["recipes/fcm-image.html", "recipes/fcm-image.html"],
              ["recipes/fcm-image.html", "downloads/fcm-image/a/b.json"],
              ["recipes/fcm-image.html", "downloads/fcm-image"],
              ["recipes/fcm-image.html", "downloads/fcm-image/"],
              ["recipes/fcm-image.html", "downloads/fcm-imagex/a.json"],
              ["recipes/fcm-image.html", "downloads/fcm-imag/a.json"],
              ["recipes/fcm-image.html", "downloads/other/a.json"],
              ["recipes/fcm-image.html", "media/fcm-image/../x.png"],
              ["recipes/fcm-image.html", "media/fcm-image/.hidden"],
              ["recipes/fcm-image.html", "media/fcm-image/a//b.png"],
              ["recipes/fcm-image.html", "media/fcm-image/a b.png"],
              ["recipes/fcm-image.html", "media/fcm-image/é.png"],
              ["recipes/fcm-image.html", "assets/fcm-image/a.css"],
              ["recipes/fcm-image.html", "index.html"],
              ["recipes/fcm-image.html", "/downloads/fcm-image/a.json"],
          ])
    func foreignFilesAreRefused(files: [String]) {
        #expect(!BuildCache.areOwnFiles(files, of: "fcm-image"))
    }

    @Test("search entries into the recipe's page, at most with a plain anchor, are its own; others are refused")
    func searchEntriesPointIntoThePage() {
        func entry(_ url: String) -> SearchEntry { SearchEntry(url: url, title: "t", section: "s", text: "x", kind: .section) }
        #expect(BuildCache.areOwnSearchEntries([entry("recipes/fcm-image.html"), entry("recipes/fcm-image.html#why-it-works")], of: "fcm-image"))
        for url in ["recipes/fcm-image.htm", "recipes/fcm-image.html#", "recipes/fcm-image.html#a b", "recipes/fcm-image.html?x",
                    "recipes/fcm-image.html#.x", "recipes/other.html", "index.html", "recipes/fcm-image.htmlx", "javascript:alert(1)"] {
            #expect(!BuildCache.areOwnSearchEntries([entry("recipes/fcm-image.html"), entry(url)], of: "fcm-image"), "\(url)")
        }
    }

    @Test("plain names: ASCII letters, digits, '-', '_', '.', not empty, not starting with '.'")
    func plainNames() {
        for name in ["a", "A-1_b.c", "0", "x..y"] { #expect(PlainName.isPlain(name), "\(name)") }
        for name in ["", ".a", "a/b", "a b", "é", "a\u{0}b", "a\nb"] { #expect(!PlainName.isPlain(name), "\(name)") }
        #expect(PlainName.isPlain("xx-plain"[...].dropFirst(3)))
        #expect(!PlainName.isPlain("xx.plain"[...].dropFirst(2)))
    }
}
