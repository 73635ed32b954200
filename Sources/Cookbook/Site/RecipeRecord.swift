import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recipes a build without diagnostics loaded, written as `.NAME.pushbook-recipes` beside the
/// site it made (next to its stamp; never inside the site), so that the next build in another
/// process need not load the unchanged ones again, as `BuildMemory` spares a watch: per recipe the
/// fingerprint of its folder's metadata (`FileFingerprint.groups[id]`) taken before the build read
/// it and the `Recipe` as the parent held it (`RecipeCodec`, its Markdown dropped as the parent
/// drops it), with the tool's identity and the settings of the build that wrote it, and a digest
/// of all of it.
///
/// Trust: like the stamp, the record is untrusted input that vouches for derived data only where
/// the file system agrees. A recipe is taken from it only when the tool and settings are this
/// build's, and the recipe's folder fingerprint, taken by this build, is the recorded one, is not
/// racy, and is the one the last stamp records (so the stamp shows the recipe unchanged too; a
/// record and a stamp of different builds agree only on recipes that did not change between them).
/// A record that is cut short, damaged, edited without its digest or foreign is ignored: every
/// recipe is loaded from disk. The digest is not a secret (see `ContentHash`): whoever can rewrite
/// the record consistently can rewrite the stamp's recorded folder hashes too, which the build
/// already believes for an unchanged fingerprint; the record trusts no more than that.
struct RecipeRecord: Sendable {
    /// The first bytes of a record, before its format number.
    static let magic: [UInt8] = Array("PBKR".utf8)
    /// The format written and the only one read.
    static let format = 1
    /// The largest record read.
    static let sizeLimit = 64 << 20

    /// What was recorded of one recipe.
    struct Entry: Sendable, Equatable {
        /// The fingerprint of its folder's metadata before the build read it.
        var inputs: String
        /// The recipe as the build held it.
        var recipe: Recipe
    }

    /// The tool's identity (`BuildOptions.toolStamp`).
    var tool: String
    /// `BuildStamp.settings` of the build.
    var settings: String
    /// The recipes, by id.
    var recipes: [String: Entry]
    /// Of a decoded record, each recipe's bytes as they were read (its id, fingerprint and recipe):
    /// what `encoded(root:displayRoot:reusing:)` writes again for a recipe taken from it.
    private(set) var segments: [String: ArraySlice<UInt8>] = [:]

    /// The record's path for a site folder (canonical path): `.NAME.pushbook-recipes` beside it.
    static func path(for target: String) -> String {
        (target as NSString).deletingLastPathComponent + "/.\((target as NSString).lastPathComponent).pushbook-recipes"
    }

    /// The record of a build: the recipes whose fingerprint `fingerprint` holds and is not racy.
    init(tool: String, settings: String, fingerprint: FileFingerprint, loaded: [Recipe]) {
        self.tool = tool
        self.settings = settings
        recipes = [:]
        for recipe in loaded {
            guard let digest = fingerprint.groups[recipe.id], digest != FileFingerprint.racy else { continue }
            recipes[recipe.id] = Entry(inputs: digest, recipe: recipe)
        }
    }

    /// A record of these fields.
    init(tool: String, settings: String, recipes: [String: Entry]) {
        self.tool = tool
        self.settings = settings
        self.recipes = recipes
    }

    /// The recipe `id` when its folder's fingerprint is now `inputs`, the recorded one (not racy).
    func recipe(_ id: String, inputs: String?) -> Recipe? {
        guard let inputs, inputs != FileFingerprint.racy, let entry = recipes[id], entry.inputs == inputs else { return nil }
        return entry.recipe
    }

    /// The record's bytes: the magic, the format, the fields, the recipes in id order (those
    /// `RecipeCodec` cannot give back are left out), then the digest of everything before it.
    /// `reusing` holds, by id, the `segments` of the last record for the recipes this one took from
    /// it unchanged (the same fingerprint, the same value): their bytes are written again as they
    /// were read, which is what encoding their values would write, without encoding hundreds of
    /// recipes again after an edit of one.
    func encoded(root: URL, displayRoot: String, reusing: [String: ArraySlice<UInt8>] = [:]) -> [UInt8] {
        var writer = ByteWriter(capacity: 1024 + recipes.count * 1024)
        writer.raw(Self.magic)
        writer.int(Self.format)
        for text in [tool, settings] { writer.string(text) }
        let recordable = recipes.sorted { $0.key < $1.key }.filter {
            $0.key == $0.value.recipe.id && (reusing[$0.key] != nil || RecipeCodec.isRecordable($0.value.recipe, root: root, displayRoot: displayRoot))
        }
        writer.list(recordable) { writer, item in
            if let segment = reusing[item.key] { return writer.raw(segment) }
            writer.string(item.key)
            writer.string(item.value.inputs)
            RecipeCodec.writeRecordable(item.value.recipe, to: &writer)
        }
        let digest = ContentHash.digest(writer.bytes)
        writer.string(digest)
        return writer.bytes
    }

    /// The record of `bytes`, its recipes' paths derived from `root` and `displayRoot`; nil unless
    /// the bytes are wholly a record of this format whose digest matches, its ids in order.
    static func decode(_ bytes: [UInt8], root: URL, displayRoot: String) -> RecipeRecord? {
        var reader = ByteReader(bytes)
        do throws(ByteReader.Malformed) {
            try reader.expect(magic)
            guard try reader.int() == format else { return nil }
            let tool = try reader.string(), settings = try reader.string()
            var recipes: [String: Entry] = [:]
            var segments: [String: ArraySlice<UInt8>] = [:]
            var last: String?
            let count = try reader.count()
            for _ in 0..<count {
                let start = reader.position
                let id = try reader.string()
                // In id order, each once, and an id the loader takes (a folder name of the recipes folder).
                guard last.map({ $0 < id }) ?? true, isRecipeID(id) else { return nil }
                last = id
                let digest = try reader.string()
                recipes[id] = Entry(inputs: digest, recipe: try RecipeCodec.read(&reader, id: id, root: root, displayRoot: displayRoot))
                segments[id] = bytes[start..<reader.position]
            }
            let end = reader.position
            let digest = try reader.string()
            try reader.expectEnd()
            guard digest == ContentHash.digest(Array(bytes[..<end])) else { return nil }
            var record = RecipeRecord(tool: tool, settings: settings, recipes: recipes)
            record.segments = segments
            return record
        } catch {
            return nil
        }
    }

    /// True for a name `RecipeLoader` takes as a recipe's id.
    private static func isRecipeID(_ id: String) -> Bool {
        !id.isEmpty && !id.hasPrefix(".") && !id.hasPrefix("_") && id.unicodeScalars.allSatisfy(\.isASCII)
            && id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// The record beside the site at `target` (canonical), read without following a link; nil when
    /// there is none or it is not a record.
    static func read(for target: String, root: URL, displayRoot: String) -> RecipeRecord? {
        let path = path(for: target)
        guard let bytes = try? ContainedFile.read((path as NSString).lastPathComponent, under: (path as NSString).deletingLastPathComponent,
                                                  limit: sizeLimit) else { return nil }
        return decode(bytes, root: root, displayRoot: displayRoot)
    }

    /// Writes the record beside the site at `target` (canonical), under the site's lock: into a
    /// file of its own first, then renamed over the last record, so a reader sees one whole record
    /// or the last one (which the next stamp no longer matches), never a part.
    func write(for target: String, root: URL, displayRoot: String) throws {
        try Self.write(encoded(root: root, displayRoot: displayRoot), for: target)
    }

    /// Writes a record's bytes (`encoded`) beside the site at `target`, as `write(for:root:displayRoot:)` does.
    static func write(_ bytes: [UInt8], for target: String) throws {
        let path = Self.path(for: target), partial = path + ".partial"
        unlink(partial)
        do {
            try FileWriter.save(bytes, to: partial)
            guard rename(partial, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "cannot rename '\(partial)': \(String(cString: strerror(errno)))"])
            }
        } catch {
            unlink(partial)
            throw error
        }
    }

    /// Removes the record beside the site at `target`, if any.
    static func remove(for target: String) {
        unlink(path(for: target))
        unlink(path(for: target) + ".partial")
    }
}
