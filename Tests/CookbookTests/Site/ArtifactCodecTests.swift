import Foundation
import Testing
import Payloads
import NotificationSimulator
@testable import Cookbook
import Recipes
import ToolchainSupport

/// The binary codec of the worker channel and the cache (`ArtifactCodec`, `ByteReader`): every real
/// artifact round-trips exactly, failures with their diagnostics and diffs too, and hostile bytes
/// (cut, mutated, lying about lengths) decode to nil or to a value, never a crash.
@Suite(.serialized) struct ArtifactCodecTests {
    static let runner = ExampleRunner(entryPoints: RecipeRegistry.entryPoints)

    /// Every recipe of Recipes/ built as a worker builds it (neighbours as the index orders them),
    /// with its staging folder; the caller removes the folders.
    static func realArtifacts() throws -> [(artifact: RecipeArtifact, staging: URL)] {
        let root = RecipePageTests.repository.appendingPathComponent("Recipes", isDirectory: true)
        let (recipes, problems) = RecipeLoader(root: root, displayRoot: "Recipes").load()
        #expect(problems.isEmpty && recipes.count >= 8)
        let links = recipes.map { RecipeLink(id: $0.id, title: $0.title) }
        return try recipes.enumerated().map { index, recipe in
            let staging = TemporaryFolder.root.appendingPathComponent("pushbook-codec-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            let artifact = RecipeBuilder(runner: runner).build(recipe, previous: index > 0 ? links[index - 1] : nil,
                                                              next: index + 1 < links.count ? links[index + 1] : nil,
                                                              key: "key-\(recipe.id)", staging: staging)
            return (artifact, staging)
        }
    }

    /// The entry `BuildCache.store` writes for the avatar recipe (a card with an avatar image), and its bytes.
    static func realEntry() throws -> (entry: BuildCache.Entry, bytes: [UInt8]) {
        let built = try realArtifacts()
        defer { for item in built { try? FileManager.default.removeItem(at: item.staging) } }
        let item = try #require(built.first { $0.artifact.cardPreview?.avatar != nil })
        let cache = BuildCache(folder: item.staging.appendingPathComponent("cache", isDirectory: true))
        let entry = try #require(cache.store(item.artifact, from: item.staging))
        let bytes = try ContainedFile.read(BuildCache.entryFile, under: cache.folder.path + "/" + item.artifact.id)
        return (entry, bytes)
    }

    @Test("every recipe's real artifact comes back equal as a worker reply and as a cache entry, and a stored entry restores it")
    func realArtifactsRoundTrip() throws {
        let built = try Self.realArtifacts()
        defer { for item in built { try? FileManager.default.removeItem(at: item.staging) } }
        for (artifact, staging) in built {
            #expect(artifact.passed, "\(artifact.id): \(artifact.diagnostics.map(\.text))")
            let bytes = ArtifactCodec.encode(artifact)
            #expect(ArtifactCodec.artifact(from: bytes) == artifact, "\(artifact.id)")
            #expect(ArtifactCodec.encode(artifact) == bytes, "\(artifact.id): the same value, the same bytes")
            let cache = BuildCache(folder: staging.appendingPathComponent("cache", isDirectory: true))
            let stored = try #require(cache.store(artifact, from: staging))
            #expect(ArtifactCodec.entry(from: ArtifactCodec.encode(stored)) == stored, "\(artifact.id)")
            let again = staging.appendingPathComponent("again", isDirectory: true)
            try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
            #expect(cache.restore(key: artifact.key, id: artifact.id, into: again) == artifact, "\(artifact.id)")
            #expect(cache.restore(key: "another key", id: artifact.id, into: again) == nil)
        }
        // What the parent uses of a cached artifact is there to compare: the avatar's and attachments' bytes among it.
        let artifacts = built.map(\.artifact)
        #expect(artifacts.contains { $0.cardPreview?.avatar != nil } && artifacts.contains { $0.cardPreview?.attachment?.image != nil })
        #expect(artifacts.allSatisfy { !$0.search.isEmpty && !$0.links.isEmpty && $0.files.count > 1 })
        #expect(artifacts.contains { !$0.ruleExamples.isEmpty })
    }

    @Test("a failing recipe's artifacts (diagnostics, and check's statuses with the diff) come back whole")
    func failuresRoundTrip() throws {
        let (root, folder) = try RecipePageTests.copy("fcm-image")
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/expected").sorted().first)
        let url = folder.appendingPathComponent("expected/" + expected)
        try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"accepted\" : true", with: "\"accepted\" : false")
            .replacingOccurrences(of: "\"accepted\": true", with: "\"accepted\": false").write(to: url, atomically: true, encoding: .utf8)
        let recipe = try RecipeLoader(root: root, displayRoot: "Recipes").loadRecipe(id: "fcm-image", folder: folder)
        let staging = root.appendingPathComponent("staging", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        let built = RecipeBuilder(runner: Self.runner).build(recipe, previous: nil, next: nil, key: "k", staging: staging)
        let checked = RecipeBuilder(runner: Self.runner).check(recipe, update: false, key: "k")
        #expect(!built.passed && !built.diagnostics.isEmpty)
        #expect(checked.statuses.contains { $0.status == .mismatch && !($0.diagnostic?.detail ?? "").isEmpty })
        let crashed = RecipeArtifact.failure(id: "x", key: "", diagnostic: Diagnostic(file: "r.md", location: SourceLocation(line: -3, column: Int.max),
                                                                                    rule: "worker.crashed", severity: .note, message: "é\u{0}\n", detail: ""))
        for artifact in [built, checked, crashed] {
            #expect(ArtifactCodec.artifact(from: ArtifactCodec.encode(artifact)) == artifact)
        }
        #expect(!BuildCache.isCacheable(built) && !BuildCache.isCacheable(checked))
        let cache = BuildCache(folder: root.appendingPathComponent("cache", isDirectory: true))
        var passing = checked
        passing.passed = true
        #expect(cache.store(passing, from: staging) == nil, "an artifact with statuses is never stored")
    }

    @Test("a request comes back equal, with or without neighbours and site, in every mode")
    func requestsRoundTrip() {
        for mode in [WorkerPool.Request.Mode.build, .check, .update] {
            for links in [(RecipeLink?.none, RecipeLink?.none), (RecipeLink(id: "a", title: "Ä \"b\""), RecipeLink(id: "c", title: ""))] {
                let request = WorkerPool.Request(root: "/r", displayRoot: "Recipes", id: "fcm-image", previous: links.0, next: links.1,
                                                 key: "0123", staging: "/s", mode: mode, site: mode == .build ? "/site" : nil)
                let decoded = ArtifactCodec.request(from: ArtifactCodec.encode(request))
                #expect(decoded.map { [$0.root, $0.displayRoot, $0.id, $0.key, $0.staging, $0.mode.rawValue, $0.site ?? "-"] }
                        == [request.root, request.displayRoot, request.id, request.key, request.staging, mode.rawValue, request.site ?? "-"])
                #expect(decoded?.previous == request.previous && decoded?.next == request.next)
            }
        }
    }

    @Test("every truncation of a real cache entry, and the entry with a byte after it, decode to nil")
    func truncationsAreMisses() throws {
        let (entry, bytes) = try Self.realEntry()
        #expect(ArtifactCodec.entry(from: bytes) == entry)
        #expect(bytes.count > 2_000)
        for length in 0..<bytes.count {
            #expect(ArtifactCodec.entry(from: Array(bytes[..<length])) == nil, "cut at \(length) of \(bytes.count)")
        }
        #expect(ArtifactCodec.entry(from: bytes + [0]) == nil)
    }

    @Test("thousands of seeded random mutations of a real entry decode to nil or to a value that encodes and decodes again to itself")
    func mutationsNeverCrash() throws {
        let (_, bytes) = try Self.realEntry()
        var random = SplitMix64(state: 0x5EED_C0DEC)
        var decoded = 0, refused = 0
        for round in 0..<3_000 {
            var mutated = bytes
            for _ in 0...(round % 4) {
                let at = Int(random.next() % UInt64(mutated.count))
                switch random.next() % 5 {
                case 0: mutated[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
                case 1: mutated[at] = UInt8(truncatingIfNeeded: random.next())
                case 2: mutated.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], at: at)
                case 3: mutated.removeSubrange(at..<min(mutated.count, at + 1 + Int(random.next() % 16)))
                default: mutated.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                }
                if mutated.isEmpty { mutated = [0] }
            }
            if let entry = ArtifactCodec.entry(from: mutated) {
                decoded += 1
                #expect(ArtifactCodec.entry(from: ArtifactCodec.encode(entry)) == entry)
            } else {
                refused += 1
            }
        }
        #expect(refused > 1_000 && decoded > 10, "decoded \(decoded), refused \(refused)")
    }

    @Test("lengths and counts larger than the input, overlong integers, bad UTF-8, unknown cases, unordered links and old JSON are refused",
          arguments: ["string length", "list count", "overlong", "utf8", "case", "bool", "links", "json", "magic", "format"])
    func hostileBytes(kind: String) throws {
        let artifact = RecipeArtifact(id: "a", key: "k", passed: true, diagnostics: [], examples: 1, examplesPassed: 1, files: ["recipes/a.html"],
                                      search: [SearchEntry(url: "recipes/a.html", title: "T", section: "S", text: "x", kind: .recipe)],
                                      cardPreview: nil, links: ["recipes/a.html": PageLinks(ids: ["b"], hrefs: []), "recipes/b.html": PageLinks(ids: [], hrefs: [])])
        let entry = BuildCache.Entry(format: BuildCache.format, artifact: artifact, files: [.init(path: "recipes/a.html", bytes: 10, digest: "d")])
        var bytes = ArtifactCodec.encode(entry)
        #expect(ArtifactCodec.entry(from: bytes) == entry)
        let id = ArtifactCodec.entryMagic.count + 1  // the artifact's id: its length, then "a"
        switch kind {
        case "string length": bytes.replaceSubrange(id..<(id + 1), with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
        case "list count":
            let diagnostics = id + 2 + 2 + 1
            #expect(bytes[diagnostics] == 0)
            bytes.replaceSubrange(diagnostics..<(diagnostics + 1), with: [0x80, 0x80, 0x80, 0x80, 0x80, 0x01])
        case "overlong": bytes.replaceSubrange(id..<(id + 1), with: [0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00])
        case "utf8": bytes[id + 1] = 0xC3
        case "case": bytes = bytes.replacing(Array("recipe".utf8), with: Array("recipf".utf8))
        case "bool": bytes[id + 4] = 2
        case "links": bytes = bytes.replacing(Array("recipes/b.html".utf8), with: Array("recipes/0.html".utf8))
        case "json": bytes = Array(try JSONEncoder().encode(BuildCache.Entry(format: 4, artifact: artifact, files: entry.files)))
        case "magic": bytes[0] = UInt8(ascii: "Q")
        default: bytes[ArtifactCodec.entryMagic.count] = 2 * 4
        }
        #expect(ArtifactCodec.entry(from: bytes) == nil)
    }
}
