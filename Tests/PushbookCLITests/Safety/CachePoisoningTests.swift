import Foundation
import Testing
import ToolchainSupport

/// The cache is untrusted input: an entry that is not wholly well-formed is a miss
/// and is rebuilt, nothing outside `--out` changes, the site never shares a file with the cache,
/// and no script put into the cache runs in the browser.
@Suite("Safety: a poisoned build cache", .serialized)
struct CachePoisoningTests {
    /// A workspace with two recipes, built once with the cache, and a folder beside it holding a file to keep.
    private func builtWorkspace() throws -> HostileWorkspace {
        let w = try HostileWorkspace()
        try w.addRecipe("payload-pitfalls")
        try w.writeOutside("victim/keep.txt", "precious\n")
        let run = try w.run(["build", "--recipes", "recipes", "--out", "out"])
        try #require(run.status == 0, "\(run.stderr)")
        return w
    }

    /// Removes the build stamp beside out/: with it, a build would take the unchanged pages over
    /// from the site (which the stamp shows unchanged) without reading the cache, and these tests
    /// are about what the build makes of a poisoned cache.
    private func forgetStamp(_ w: HostileWorkspace) {
        try? FileManager.default.removeItem(at: w.root.appendingPathComponent(".pushbook-cache/stamp"))
    }

    private func entryURL(_ w: HostileWorkspace, _ id: String = "fcm-image") -> URL {
        CacheEntryFile.url(w.root, id)
    }

    /// Rewrites the cache entry of `id`, edited as JSON (see `CacheEntryFile`).
    private func editEntry(_ w: HostileWorkspace, _ id: String = "fcm-image", _ change: (inout [String: Any]) -> Void) throws {
        try CacheEntryFile.edit(entryURL(w, id), change)
    }

    /// What is in the workspace but for out/, the cache, the clean site and the folders a build
    /// keeps beside out/ for the next one (which `rebuildAndCheck` checks hold folders only).
    private static func outside(_ w: HostileWorkspace) -> [String: Data] {
        HostileWorkspace.snapshot(w.root).filter { !["out/", ".pushbook-cache/", "clean/", ".out.pushbook-folders/"].contains(where: $0.key.hasPrefix) }
    }

    /// Builds again with the cache and checks that it passed, that `rebuilt` recipes were built
    /// again (not taken from the cache), that nothing outside out/ and the cache changed, and that
    /// the site is the one a build without the cache makes.
    private func rebuildAndCheck(_ w: HostileWorkspace, rebuilt: Int, _ comment: String) throws {
        forgetStamp(w)
        let outside = Self.outside(w)
        let run = try w.run(["build", "--recipes", "recipes", "--out", "out"])
        #expect(run.status == 0, "\(comment): \(run.stderr)")
        #expect(run.stdout.contains("(\(2 - rebuilt) recipes from the cache)"), "\(comment): \(run.stdout)")
        let after = Self.outside(w)
        #expect(after == outside, "\(comment): changed outside out/: \(Set(after.keys).symmetricDifference(outside.keys).sorted())")
        #expect(HostileWorkspace.keptBesideOut(".out.pushbook-folders", in: w.root), "\(comment): the kept folders hold a file")
        #expect(try String(contentsOf: w.root.appendingPathComponent("victim/keep.txt"), encoding: .utf8) == "precious\n")
        let clean = try w.run(["build", "--recipes", "recipes", "--out", "clean", "--no-cache"])
        try #require(clean.status == 0, "\(clean.stderr)")
        #expect(HostileWorkspace.snapshot(w.out) == HostileWorkspace.snapshot(w.root.appendingPathComponent("clean")), "\(comment): the cached build differs from --no-cache")
        try FileManager.default.removeItem(at: w.root.appendingPathComponent("clean"))
    }

    @Test("files entries that leave the site, or name another recipe's or the site's own pages, are misses; the file outside stays",
          arguments: ["../../victim/keep.txt", "/etc/hostname", "recipes/payload-pitfalls.html", "index.html", "downloads/fcm-image/../../index.html",
                      "downloads/fcm-image/.hidden", "downloads/payload-pitfalls/webp-image.json"])
    func outsidePaths(path: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        try w.writeOutside(".pushbook-cache/victim/keep.txt", "planted\n")
        try editEntry(w) { entry in
            var artifact = entry["artifact"] as? [String: Any] ?? [:]
            artifact["files"] = [path] + (artifact["files"] as? [String] ?? [])
            entry["artifact"] = artifact
            entry["files"] = [["path": path, "bytes": 8, "digest": "0-0"]] + (entry["files"] as? [[String: Any]] ?? [])
        }
        try rebuildAndCheck(w, rebuilt: 1, "files entry \(path)")
    }

    @Test("HTML in the cached card preview is escaped on the index, a script URL in a search entry is a miss, and nothing runs in Chromium")
    func rawHTML() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let attack = "<img src=x onerror=\"document.title='PWNED-CACHE'\">"
        try editEntry(w) { entry in
            var artifact = entry["artifact"] as? [String: Any] ?? [:]
            var card = artifact["cardPreview"] as? [String: Any] ?? [:]
            card["title"] = attack
            card["appName"] = attack
            card["body"] = "</div>" + attack
            artifact["cardPreview"] = card
            entry["artifact"] = artifact
        }
        try editEntry(w, "payload-pitfalls") { entry in
            var artifact = entry["artifact"] as? [String: Any] ?? [:]
            var search = artifact["search"] as? [[String: Any]] ?? []
            search.insert(["url": "javascript:document.title='PWNED-SEARCH'", "title": attack, "section": attack, "text": "avatar", "kind": "recipe"], at: 0)
            artifact["search"] = search
            entry["artifact"] = artifact
        }
        forgetStamp(w)
        let run = try w.run(["build", "--recipes", "recipes", "--out", "out"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(1 recipes from the cache)"), "the card preview is data and stays a hit; the search entry is a miss: \(run.stdout)")
        let index = try String(contentsOf: w.out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!index.contains(attack))
        #expect(index.contains("&lt;img src=x onerror="))
        let search = try String(contentsOf: w.out.appendingPathComponent("search-index.js"), encoding: .utf8)
        #expect(!search.contains("PWNED-SEARCH"))
        for page in ["index.html", "search.html?q=avatar", "recipes/fcm-image.html"] {
            let dom = try Chromium.dumpDOM(w.out.appendingPathComponent(page.components(separatedBy: "?")[0]), query: page.components(separatedBy: "?").dropFirst().first)
            #expect(Chromium.title(dom).map { !$0.contains("PWNED") && !$0.isEmpty } == true, "script ran in \(page): title \(Chromium.title(dom) ?? "none")")
            #expect(!dom.contains("<img src=\"x\""), "the injected element is in the DOM of \(page)")
        }
    }

    @Test("a cached bytes file replaced by a symbolic link (to a file outside, or inside the cache) is a miss, and the site holds regular files only",
          arguments: ["/etc/passwd", "entry.json"])
    func symlinkedPage(destination: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let page = w.root.appendingPathComponent(".pushbook-cache/fcm-image/files.bin")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createSymbolicLink(atPath: page.path, withDestinationPath: destination)
        try FileManager.default.removeItem(at: w.out)
        try rebuildAndCheck(w, rebuilt: 1, "page linked to \(destination)")
        let links = HostileWorkspace.snapshot(w.out).filter { String(decoding: $0.value.prefix(3), as: UTF8.self) == "-> " }
        #expect(links.isEmpty, "links in the site: \(links.keys.sorted())")
    }

    @Test("a cache entry whose entry file or bytes file is a symbolic link is a miss", arguments: ["entry.json", "files.bin"])
    func symlinkedEntryParts(part: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let entry = w.root.appendingPathComponent(".pushbook-cache/fcm-image")
        let moved = w.root.appendingPathComponent("elsewhere-\(part)")
        try FileManager.default.moveItem(at: entry.appendingPathComponent(part), to: moved)
        try FileManager.default.createSymbolicLink(atPath: entry.appendingPathComponent(part).path, withDestinationPath: moved.path)
        try rebuildAndCheck(w, rebuilt: 1, "\(part) linked")
    }

    @Test("a cache entry whose own folder is a symbolic link (to a whole, valid entry outside the cache) is a miss")
    func symlinkedEntryFolder() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let entry = w.root.appendingPathComponent(".pushbook-cache/fcm-image")
        let moved = w.root.appendingPathComponent("elsewhere-entry")
        try FileManager.default.moveItem(at: entry, to: moved)
        try FileManager.default.createSymbolicLink(atPath: entry.path, withDestinationPath: moved.path)
        try rebuildAndCheck(w, rebuilt: 1, "entry folder linked")
    }

    @Test("a cached page or download cut short, emptied, or with bytes after it in the bytes file is a miss and is rebuilt",
          arguments: ["recipes/fcm-image.html", "downloads/fcm-image/webp-image.apns"])
    func truncatedFile(path: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let (url, range) = try storedRange(w, path)
        let bytes = try Data(contentsOf: url)
        // The file's bytes cut to half, moved up by what follows: the file and every one after it are wrong.
        try (bytes[..<(range.lowerBound + range.count / 2)] + bytes[range.upperBound...]).write(to: url)
        try rebuildAndCheck(w, rebuilt: 1, "half of \(path)")
        try (bytes[..<range.lowerBound] + bytes[range.upperBound...]).write(to: url)
        try rebuildAndCheck(w, rebuilt: 1, "empty \(path)")
        try (bytes + Data("<script>1</script>".utf8)).write(to: url)
        try rebuildAndCheck(w, rebuilt: 1, "bytes after the last file")
    }

    @Test("an edited cached page (a script inserted, a sentence changed, same size) is a miss and is rebuilt; no script runs")
    func editedPage() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let (url, range) = try storedRange(w, "recipes/fcm-image.html")
        let original = try Data(contentsOf: url)
        let page = original[range]
        try (original[..<range.upperBound] + Data("<script>document.title='PWNED-EDIT'</script>".utf8) + original[range.upperBound...]).write(to: url)
        try rebuildAndCheck(w, rebuilt: 1, "script inserted")
        let dom = try Chromium.dumpDOM(w.out.appendingPathComponent("recipes/fcm-image.html"))
        #expect(Chromium.title(dom).map { !$0.contains("PWNED") && !$0.isEmpty } == true)
        let cached = try Data(contentsOf: url)
        let edited = Data(String(decoding: page, as: UTF8.self).replacingOccurrences(of: "<h1>", with: "<h2>").utf8)
        #expect(edited.count == page.count && edited != page)
        try (cached[..<range.lowerBound] + edited + cached[range.upperBound...]).write(to: url)
        try rebuildAndCheck(w, rebuilt: 1, "same-size edit")
    }

    /// The bytes file of fcm-image's entry, and where `path`'s bytes are in it (from the entry's sizes).
    private func storedRange(_ w: HostileWorkspace, _ path: String) throws -> (URL, Range<Int>) {
        let entry = try CacheEntryFile.json(entryURL(w))
        let files = try #require(entry["files"] as? [[String: Any]])
        var offset = 0
        for file in files {
            let size = try #require(file["bytes"] as? Int)
            if file["path"] as? String == path {
                return (w.root.appendingPathComponent(".pushbook-cache/fcm-image/files.bin"), offset..<(offset + size))
            }
            offset += size
        }
        throw CocoaError(.fileNoSuchFile)
    }

    @Test("a cache entry that is garbage, cut short, a folder, of another format or of the old JSON format is a miss",
          arguments: ["garbage", "cut", "folder", "format", "old JSON"])
    func corruptEntry(kind: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let url = entryURL(w)
        switch kind {
        case "garbage": try Data("{\"format\": 2, \"artifact\": ".utf8).write(to: url)
        case "cut": try Data(contentsOf: url).dropLast().write(to: url)
        case "folder":
            try FileManager.default.removeItem(at: url)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        case "format": try editEntry(w) { $0["format"] = 1 }
        default: try CacheEntryFile.writeOldFormat(url)
        }
        try rebuildAndCheck(w, rebuilt: 1, kind)
    }

    @Test("a cache entry holding what only a failure or a check has (a diagnostic, an example status, an updated file) is a miss",
          arguments: ["diagnostics", "statuses", "updated"])
    func entryWithFailureFields(field: String) throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let finding: [String: Any] = ["rule": "recipe.example", "severity": "error", "message": "PLANTED", "line": 1, "column": 1, "path": ""]
        try editEntry(w) { entry in
            var artifact = entry["artifact"] as? [String: Any] ?? [:]
            switch field {
            case "diagnostics": artifact["diagnostics"] = [finding]
            case "statuses": artifact["statuses"] = [["example": "webp-image", "status": "mismatch", "diagnostic": finding]]
            default: artifact["updated"] = ["recipes/fcm-image/expected/webp-image.json"]
            }
            entry["artifact"] = artifact
        }
        try rebuildAndCheck(w, rebuilt: 1, field)
    }

    @Test("an unchanged recipe's file is linked over from the site it replaces only when it is the build's own: the same bytes, one name, writable by no one else")
    func oldSiteFileLinkedOnlyWhenOwn() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        func inode(_ url: URL) throws -> Int? { try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int }
        let page = w.out.appendingPathComponent("recipes/fcm-image.html")
        let named = w.out.appendingPathComponent("recipes/payload-pitfalls.html"), secondName = w.root.appendingPathComponent("second-name.html")
        try FileManager.default.linkItem(at: named, to: secondName)
        let downloads = w.out.appendingPathComponent("downloads/fcm-image")
        let open = downloads.appendingPathComponent(try #require(try FileManager.default.contentsOfDirectory(atPath: downloads.path).sorted().first))
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: open.path)
        let pageInode = try inode(page), openInode = try inode(open), secondNameBytes = try Data(contentsOf: secondName)
        try rebuildAndCheck(w, rebuilt: 0, "after a build that links the old site's files")
        #expect(try inode(page) == pageInode, "the page was written again instead of linked")
        #expect(try FileManager.default.attributesOfItem(atPath: page.path)[.referenceCount] as? Int == 1, "the old site is gone, so the page has one name")
        #expect(try inode(named) != inode(secondName), "a file with a second name is copied")
        #expect(try Data(contentsOf: secondName) == secondNameBytes)
        #expect(try inode(open) != openInode, "a file others may write is copied")
        #expect(try FileManager.default.attributesOfItem(atPath: open.path)[.posixPermissions] as? Int == 0o644)
    }

    @Test("a build without the cache links an old site's file that renders to the same bytes, and writes an edited recipe's page anew")
    func noCacheBuildLinksUnchangedFiles() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        func attribute(_ path: String, _ key: FileAttributeKey) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: w.out.appendingPathComponent(path).path)[key] as? Int
        }
        let unchanged = "recipes/payload-pitfalls.html", edited = "recipes/fcm-image.html", sitePage = "search.html"
        let before = try [unchanged, edited, sitePage].map { try attribute($0, .systemFileNumber) }
        try w.appendProse("A sentence the edited page gains.\n")
        let run = try w.run(["build", "--no-cache", "--recipes", "recipes", "--out", "out"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try attribute(unchanged, .systemFileNumber) == before[0], "an unchanged recipe's page was written again instead of linked")
        #expect(try attribute(sitePage, .systemFileNumber) == before[2], "an unchanged site page was written again instead of linked")
        #expect(try attribute(edited, .systemFileNumber) != before[1], "the edited page kept the old site's file")
        #expect(try String(contentsOf: w.out.appendingPathComponent(edited), encoding: .utf8).contains("A sentence the edited page gains."))
        #expect(try attribute(unchanged, .referenceCount) == 1, "the old site is gone, so the page has one name")
        let clean = try w.run(["build", "--recipes", "recipes", "--out", "clean", "--no-cache"])
        try #require(clean.status == 0, "\(clean.stderr)")
        #expect(HostileWorkspace.snapshot(w.out) == HostileWorkspace.snapshot(w.root.appendingPathComponent("clean")))
    }

    @Test("the site never shares a file with the cache: a page edited in place in the site comes back verified after rm -rf site")
    func siteAndCacheShareNoInode() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let sitePage = w.out.appendingPathComponent("recipes/fcm-image.html")
        let cachePage = w.root.appendingPathComponent(".pushbook-cache/fcm-image/files.bin")
        let siteInode = try FileManager.default.attributesOfItem(atPath: sitePage.path)[.systemFileNumber] as? Int
        let cacheInode = try FileManager.default.attributesOfItem(atPath: cachePage.path)[.systemFileNumber] as? Int
        #expect(siteInode != cacheInode)
        #expect(try FileManager.default.attributesOfItem(atPath: sitePage.path)[.referenceCount] as? Int == 1)
        let handle = try FileHandle(forWritingTo: sitePage)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("<script>document.title=\"X\"</script>".utf8))
        try handle.close()
        #expect(!String(decoding: try Data(contentsOf: cachePage), as: UTF8.self).contains("document.title=\"X\""))
        try FileManager.default.removeItem(at: w.out)
        try rebuildAndCheck(w, rebuilt: 0, "after editing the site in place")
        #expect(!(try String(contentsOf: sitePage, encoding: .utf8)).contains("document.title=\"X\""))
    }

    @Test("a cache folder that is a symbolic link is not used: the build says so and writes nothing through it")
    func symlinkedCacheFolder() throws {
        let w = try builtWorkspace()
        defer { w.remove() }
        let cache = w.root.appendingPathComponent(".pushbook-cache")
        let elsewhere = w.root.appendingPathComponent("victim/cache")
        try FileManager.default.moveItem(at: cache, to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: cache.path, withDestinationPath: elsewhere.path)
        let before = HostileWorkspace.snapshot(w.root.appendingPathComponent("victim"))
        try w.appendProse("A change, so the recipe is built and would be stored.\n")
        let run = try w.run(["build", "--recipes", "recipes", "--out", "out"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the cache folder '.pushbook-cache' is a symbolic link; building without the cache"), "\(run.stderr)")
        #expect(run.stdout.contains("(0 recipes from the cache)"))
        #expect(HostileWorkspace.snapshot(w.root.appendingPathComponent("victim")) == before)
    }
}

/// Headless Chromium, for checking that no injected script runs.
enum Chromium {
    /// The text of the DOM's `<title>`, if any.
    static func title(_ dom: String) -> String? {
        guard let start = dom.range(of: "<title>"), let end = dom.range(of: "</title>", range: start.upperBound..<dom.endIndex) else { return nil }
        return String(dom[start.upperBound..<end.lowerBound])
    }

    /// The DOM of a local page after its scripts ran (and a few seconds of virtual time passed), with
    /// every host name unresolvable so nothing leaves the machine.
    static func dumpDOM(_ file: URL, query: String? = nil) throws -> String {
        let profile = TemporaryFolder.root.appendingPathComponent("pushbook-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                             "--disable-background-networking", "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=\(profile.path)",
                             "--virtual-time-budget=2000", "--dump-dom", file.absoluteString + (query.map { "?" + $0 } ?? "")]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HostileError("chromium exited \(process.terminationStatus) on \(file.path)") }
        return String(decoding: data, as: UTF8.self)
    }
}
