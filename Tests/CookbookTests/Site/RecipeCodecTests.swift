import Foundation
import Testing
@testable import Cookbook

/// The binary form of loaded recipes (`RecipeCodec`) and of the record of them beside the site
/// (`RecipeRecord`): every repository recipe comes back equal, and hostile bytes (cut, mutated,
/// forged with a valid digest) are refused or give only recipes a fresh load gives, never a crash
/// and never a path outside the recipe.
@Suite struct RecipeCodecTests {
    static let root = RecipePageTests.repository.appendingPathComponent("Recipes", isDirectory: true)

    /// Every recipe of Recipes/ as the build's parent loads it (no page files), with its Markdown.
    static func loaded() -> [Recipe] {
        let (recipes, problems) = RecipeLoader(root: root, displayRoot: "Recipes").load(pageFiles: false)
        #expect(problems.isEmpty && recipes.count >= 8)
        return recipes
    }

    /// A record of `recipes`, each with a made-up fingerprint, and its bytes.
    static func record(_ recipes: [Recipe]) -> (record: RecipeRecord, bytes: [UInt8]) {
        var entries: [String: RecipeRecord.Entry] = [:]
        for recipe in recipes { entries[recipe.id] = .init(inputs: "fp-\(recipe.id)", recipe: recipe) }
        let record = RecipeRecord(tool: "tool", settings: "settings", recipes: entries)
        return (record, record.encoded(root: root, displayRoot: "Recipes"))
    }

    @Test("every repository recipe round-trips through the codec equal, with and without its Markdown, and as a record")
    func repositoryRecipesRoundTrip() throws {
        let recipes = Self.loaded()
        for recipe in recipes {
            var parents = recipe
            parents.markdown = ""
            for value in [recipe, parents] {
                var writer = ByteWriter()
                #expect(RecipeCodec.write(value, root: Self.root, displayRoot: "Recipes", to: &writer), "\(recipe.id)")
                var reader = ByteReader(writer.bytes)
                #expect(try RecipeCodec.read(&reader, id: recipe.id, root: Self.root, displayRoot: "Recipes") == value, "\(recipe.id)")
                #expect(reader.remaining == 0)
            }
        }
        let (record, bytes) = Self.record(recipes)
        let decoded = try #require(RecipeRecord.decode(bytes, root: Self.root, displayRoot: "Recipes"))
        #expect(decoded.recipes == record.recipes && decoded.tool == "tool" && decoded.settings == "settings")
        #expect(decoded.encoded(root: Self.root, displayRoot: "Recipes") == bytes, "the same record, the same bytes")
        #expect(decoded.recipe(recipes[0].id, inputs: "fp-\(recipes[0].id)") == recipes[0])
        #expect(decoded.recipe(recipes[0].id, inputs: "another") == nil)
        #expect(decoded.recipe(recipes[0].id, inputs: FileFingerprint.racy) == nil)
        #expect(decoded.recipe(recipes[0].id, inputs: nil) == nil)
    }

    @Test("a record that writes the last record's bytes again for the recipes it took from it unchanged is byte for byte the record encoded afresh, an edited recipe included")
    func reusedSegmentsGiveTheSameBytes() throws {
        var recipes = Self.loaded()
        for index in recipes.indices { recipes[index].markdown = "" }
        let (_, bytes) = Self.record(recipes)
        let last = try #require(RecipeRecord.decode(bytes, root: Self.root, displayRoot: "Recipes"))
        #expect(Set(last.segments.keys) == Set(recipes.map(\.id)))
        // One recipe edited (a new title, a new fingerprint); the others taken from the last record.
        var edited = recipes
        edited[1].title += " (edited)"
        var entries: [String: RecipeRecord.Entry] = [:]
        for recipe in edited { entries[recipe.id] = .init(inputs: recipe.id == edited[1].id ? "fp-new" : "fp-\(recipe.id)", recipe: recipe) }
        let next = RecipeRecord(tool: "tool", settings: "settings", recipes: entries)
        let reused = last.segments.filter { $0.key != edited[1].id }
        let spliced = next.encoded(root: Self.root, displayRoot: "Recipes", reusing: reused)
        #expect(spliced == next.encoded(root: Self.root, displayRoot: "Recipes"))
        let decoded = try #require(RecipeRecord.decode(spliced, root: Self.root, displayRoot: "Recipes"))
        #expect(decoded.recipes == next.recipes)
        #expect(decoded.recipe(edited[1].id, inputs: "fp-new")?.title == edited[1].title)
    }

    @Test("a recipe the codec could not give back (page files, a folder elsewhere) is left out of the record, not written wrong")
    func unrecordableRecipesAreLeftOut() throws {
        let full = RecipeLoader(root: Self.root, displayRoot: "Recipes").load().recipes
        let withFiles = try #require(full.first { $0.files != RecipeFiles() })
        var elsewhere = Self.loaded()[0]
        elsewhere.folder = URL(fileURLWithPath: "/elsewhere/\(elsewhere.id)", isDirectory: true)
        for recipe in [withFiles, elsewhere] {
            var writer = ByteWriter()
            #expect(!RecipeCodec.write(recipe, root: Self.root, displayRoot: "Recipes", to: &writer))
            #expect(writer.bytes.isEmpty)
            let decoded = RecipeRecord.decode(Self.record([recipe]).bytes, root: Self.root, displayRoot: "Recipes")
            #expect(decoded != nil && decoded?.recipes.isEmpty == true)
        }
    }

    @Test("every truncation of a real record, and the record with a byte after it, is refused")
    func truncationsAreRefused() throws {
        var recipes = Self.loaded()
        for index in recipes.indices { recipes[index].markdown = "" }
        let (_, bytes) = Self.record(recipes)
        #expect(bytes.count > 2_000)
        for length in 0..<bytes.count {
            #expect(RecipeRecord.decode(Array(bytes[..<length]), root: Self.root, displayRoot: "Recipes") == nil, "cut at \(length) of \(bytes.count)")
        }
        #expect(RecipeRecord.decode(bytes + [0], root: Self.root, displayRoot: "Recipes") == nil)
    }

    @Test("thousands of seeded mutations of a real record are refused or give only recipes equal to a fresh load; of a bare recipe, never a crash")
    func mutationsNeverCrash() throws {
        var recipes = Self.loaded()
        for index in recipes.indices { recipes[index].markdown = "" }
        let fresh = Dictionary(uniqueKeysWithValues: recipes.map { ($0.id, $0) })
        let (_, bytes) = Self.record(recipes)
        var random = SplitMix64(state: 0x5EED_4EC1)
        func mutate(_ bytes: [UInt8], round: Int) -> [UInt8] {
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
            return mutated
        }
        var refused = 0
        for round in 0..<3_000 {
            let mutated = mutate(bytes, round: round)
            guard let record = RecipeRecord.decode(mutated, root: Self.root, displayRoot: "Recipes") else { refused += 1; continue }
            for (id, entry) in record.recipes { #expect(entry.recipe == fresh[id], "round \(round): \(id)") }
        }
        #expect(refused >= 2_990, "refused \(refused) of 3000")
        // Without the record's digest, the codec alone: bytes that decode re-encode to themselves.
        var writer = ByteWriter()
        #expect(RecipeCodec.write(recipes[0], root: Self.root, displayRoot: "Recipes", to: &writer))
        var decodedBare = 0
        for round in 0..<3_000 {
            var reader = ByteReader(mutate(writer.bytes, round: round))
            guard let recipe = try? RecipeCodec.read(&reader, id: recipes[0].id, root: Self.root, displayRoot: "Recipes") else { continue }
            decodedBare += 1
            var again = ByteWriter()
            #expect(RecipeCodec.write(recipe, root: Self.root, displayRoot: "Recipes", to: &again))
            var reread = ByteReader(again.bytes)
            #expect(try RecipeCodec.read(&reread, id: recipe.id, root: Self.root, displayRoot: "Recipes") == recipe)
        }
        #expect(decodedBare > 10, "decoded \(decodedBare)")
    }

    @Test("a record with a valid digest that names an example outside its recipe, an id out of order or twice, or a bad id, is refused")
    func forgedRecordsAreRefused() throws {
        let recipe = Self.loaded()[0]
        var outside = recipe
        outside.examples[0].inputName = "../../../etc/passwd"
        func forged(_ entries: [(String, Recipe)]) -> [UInt8] {
            var writer = ByteWriter()
            writer.raw(RecipeRecord.magic)
            writer.int(RecipeRecord.format)
            for text in ["tool", "settings"] { writer.string(text) }
            writer.list(entries) { writer, entry in
                writer.string(entry.0)
                writer.string("fp")
                // The codec refuses to write what it could not read back; write the fields by hand then.
                if !RecipeCodec.write(entry.1, root: Self.root, displayRoot: "Recipes", to: &writer) {
                    var fixed = entry.1
                    let name = fixed.examples[0].inputName
                    fixed.examples[0].inputName = String(repeating: "a", count: name.utf8.count)
                    fixed.examples[0].input = fixed.folder.appendingPathComponent("examples/\(fixed.examples[0].inputName).json", isDirectory: false)
                    var inner = ByteWriter()
                    #expect(RecipeCodec.write(fixed, root: Self.root, displayRoot: "Recipes", to: &inner))
                    var raw = inner.bytes
                    let plain = Array(fixed.examples[0].inputName.utf8), wanted = Array(name.utf8)
                    let at = raw.indices.first { raw[$0...].starts(with: plain) }!
                    raw.replaceSubrange(at..<(at + plain.count), with: wanted)
                    writer.raw(raw)
                }
            }
            writer.string(ContentHash.digest(writer.bytes))
            return writer.bytes
        }
        #expect(RecipeRecord.decode(forged([(recipe.id, recipe)]), root: Self.root, displayRoot: "Recipes") != nil, "the forger's form is a record")
        let hostile: [[(String, Recipe)]] = [[(recipe.id, outside)], [(recipe.id, recipe), (recipe.id, recipe)],
                                             [("zz-last", recipe), (recipe.id, recipe)], [("../up", recipe)], [(".hidden", recipe)]]
        for entries in hostile {
            #expect(RecipeRecord.decode(forged(entries), root: Self.root, displayRoot: "Recipes") == nil, "\(entries.map(\.0))")
        }
    }
}
