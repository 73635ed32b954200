import Foundation
import Testing
import Payloads
import NotificationSimulator
@testable import Cookbook
import Recipes
import ToolchainSupport

/// The JSON of the worker channel and the cache (`ArtifactJSON`): every real artifact round-trips
/// exactly, failures with their diagnostics and diffs too, and hostile bytes (cut, mutated) decode
/// to nil or to a value, never a crash. (Longer mutation runs are `Fuzz/`'s.)
@Suite(.serialized) struct ArtifactJSONTests {
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
        var entry = try #require(cache.store(item.artifact, from: item.staging)).entry
        let bytes = try ContainedFile.read(BuildCache.entryFile, under: cache.folder.path + "/" + item.artifact.id)
        // The entry on disk has no links: `restore` reads them from the page.
        entry.artifact.links = [:]
        return (entry, bytes)
    }

    @Test("every recipe's real artifact comes back equal as a worker reply and as a cache entry, and a stored entry restores it")
    func realArtifactsRoundTrip() throws {
        let built = try Self.realArtifacts()
        defer { for item in built { try? FileManager.default.removeItem(at: item.staging) } }
        for (artifact, staging) in built {
            #expect(artifact.passed, "\(artifact.id): \(artifact.diagnostics.map(\.text))")
            let bytes = ArtifactJSON.encode(artifact)
            #expect(ArtifactJSON.decode(RecipeArtifact.self, from: bytes) == artifact, "\(artifact.id)")
            #expect(ArtifactJSON.encode(artifact) == bytes, "\(artifact.id): the same value, the same bytes")
            let cache = BuildCache(folder: staging.appendingPathComponent("cache", isDirectory: true))
            let stored = try #require(cache.store(artifact, from: staging)).entry
            #expect(ArtifactJSON.decode(BuildCache.Entry.self, from: ArtifactJSON.encode(stored)) == stored, "\(artifact.id)")
            let again = staging.appendingPathComponent("again", isDirectory: true)
            try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
            #expect(cache.restore(key: try #require(artifact.key), id: artifact.id, into: again) == artifact, "\(artifact.id)")
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
        let checked = RecipeBuilder(runner: Self.runner).check(recipe, update: false)
        #expect(!built.passed && !built.diagnostics.isEmpty)
        #expect(checked.statuses.contains { $0.status == .mismatch && !($0.diagnostic?.detail ?? "").isEmpty })
        let crashed = RecipeArtifact.failure(id: "x", key: nil, diagnostic: Diagnostic(file: "r.md", location: SourceLocation(line: -3, column: Int.max),
                                                                                    rule: "worker.crashed", severity: .note, message: "é\u{0}\n", detail: ""))
        for artifact in [built, checked, crashed] {
            #expect(ArtifactJSON.decode(RecipeArtifact.self, from: ArtifactJSON.encode(artifact)) == artifact)
        }
        #expect(!BuildCache.isCacheable(built) && !BuildCache.isCacheable(checked))
        let cache = BuildCache(folder: root.appendingPathComponent("cache", isDirectory: true))
        var passing = checked
        passing.passed = true
        #expect(cache.store(passing, from: staging) == nil, "an artifact with statuses is never stored")
    }

    @Test("a request comes back equal, with or without neighbours, in every mode")
    func requestsRoundTrip() {
        let neighbours = [(RecipeLink?.none, RecipeLink?.none), (RecipeLink(id: "a", title: "Ä \"b\""), RecipeLink(id: "c", title: ""))]
        let modes: [WorkerPool.Request.Mode] = [.check, .update] + neighbours.map { .build(key: "0123", staging: "/s", oldSite: $0.0 == nil ? nil : "/o", previous: $0.0, next: $0.1) }
        for mode in modes {
            let request = WorkerPool.Request(root: "/r", displayRoot: "Recipes", id: "fcm-image", mode: mode)
            let decoded = ArtifactJSON.decode(WorkerPool.Request.self, from: ArtifactJSON.encode(request))
            #expect(decoded.map { [$0.root, $0.displayRoot, $0.id, $0.key ?? "-"] } == [request.root, request.displayRoot, request.id, request.key ?? "-"])
            #expect(decoded.map { String(describing: $0.mode) } == String(describing: mode))
        }
    }

    @Test("cuts of a real cache entry, the entry with bytes after it, and seeded mutations decode to nil or to a value that round-trips")
    func hostileBytesAreMisses() throws {
        let (entry, bytes) = try Self.realEntry()
        #expect(ArtifactJSON.decode(BuildCache.Entry.self, from: bytes) == entry)
        #expect(bytes.count > 2_000)
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 50)) {
            #expect(ArtifactJSON.decode(BuildCache.Entry.self, from: Array(bytes[..<length])) == nil, "cut at \(length) of \(bytes.count)")
        }
        #expect(ArtifactJSON.decode(BuildCache.Entry.self, from: bytes + Array("{}".utf8)) == nil)
        var random = SplitMix64(state: 0x5EED_C0DEC)
        var decoded = 0, refused = 0
        for _ in 0..<200 {
            var mutated = bytes
            let at = Int(random.next() % UInt64(mutated.count))
            mutated[at] = UInt8(truncatingIfNeeded: random.next())
            if let entry = ArtifactJSON.decode(BuildCache.Entry.self, from: mutated) {
                decoded += 1
                #expect(ArtifactJSON.decode(BuildCache.Entry.self, from: ArtifactJSON.encode(entry)) == entry)
            } else {
                refused += 1
            }
        }
        #expect(refused > 50, "decoded \(decoded), refused \(refused)")
    }
}
