import Foundation

/// The binary form of one loaded `Recipe` as a build's parent holds it (the loader's values, read
/// without the page files), for `RecipeRecord`: fields in a fixed order, written with `ByteWriter`
/// and read with `ByteReader`, as `ArtifactCodec` does.
///
/// No path is written: a recipe's folder, display path and examples' files are derived again, on
/// reading, from the id and the recipes folder of the build that reads, exactly as `RecipeLoader`
/// derives them, so a record can never point a build at a file outside its recipe. A recipe whose
/// values are not the ones the loader derives (or that holds page files) is not written at all.
/// Reading is untrusted-input parsing: a value cut short, a bad tag, a string that is not UTF-8 or
/// an example name the loader would refuse throws `ByteReader.Malformed`, never a crash.
enum RecipeCodec {
    /// True when `read` gives `recipe` back from what `write` writes of it: its paths are the ones
    /// the loader derives from `root`, `displayRoot` and its id, and it holds no page files.
    static func isRecordable(_ recipe: Recipe, root: URL, displayRoot: String) -> Bool {
        let folder = Self.folder(recipe.id, root: root)
        guard recipe.files == RecipeFiles(), recipe.folder == folder, recipe.displayPath == "\(displayRoot)/\(recipe.id)" else { return false }
        return recipe.examples.allSatisfy { example in
            isExampleName(example.id) && isExampleName(example.inputName)
                && example.input == inputFile(example.inputName, in: folder) && example.expected == expectedFile(example.id, in: folder)
        }
    }

    /// Writes `recipe` (but for its id, which the record keeps as the entry's key), when it is
    /// recordable (see `isRecordable`); returns false, having written nothing, when it is not.
    static func write(_ recipe: Recipe, root: URL, displayRoot: String, to writer: inout ByteWriter) -> Bool {
        guard isRecordable(recipe, root: root, displayRoot: displayRoot) else { return false }
        writeRecordable(recipe, to: &writer)
        return true
    }

    /// Writes `recipe` as `write` does, for a recipe `isRecordable` said yes to.
    static func writeRecordable(_ recipe: Recipe, to writer: inout ByteWriter) {
        for text in [recipe.title, recipe.summary, recipe.topic] { writer.string(text) }
        writer.int(recipe.order)
        writer.strings(recipe.tags)
        writer.optional(recipe.want) { $0.string($1) }
        writer.string(recipe.service)
        writer.optional(recipe.appFolder) { $0.string($1) }
        writer.strings(recipe.needs)
        writer.strings(recipe.sources)
        writer.optional(recipe.deploymentTarget) { $0.string($1) }
        writer.list(recipe.examples) { writer, example in
            writer.string(example.id)
            writer.string(example.inputName)
            writer.optional(example.appFolder) { $0.string($1) }
            writer.list(example.headers.sorted { $0.key < $1.key }) { writer, header in
                writer.string(header.key)
                writer.string(header.value)
            }
            writer.bool(example.foreground)
            writer.bool(example.withoutExtension)
            writer.optional(example.stockExtension) { $0.string($1) }
            writer.string(example.caption)
        }
        writer.string(recipe.markdown)
        writer.int(recipe.markdownLine)
    }

    /// Reads what `write` wrote of the recipe `id`, its paths derived from `root` and `displayRoot`.
    static func read(_ reader: inout ByteReader, id: String, root: URL, displayRoot: String) throws(ByteReader.Malformed) -> Recipe {
        let folder = Self.folder(id, root: root)
        let title = try reader.string(), summary = try reader.string(), topic = try reader.string()
        let order = try reader.int()
        let tags = try reader.strings()
        let want = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
        let service = try reader.string()
        let appFolder = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
        let needs = try reader.strings(), sources = try reader.strings()
        let deploymentTarget = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
        let examples = try reader.list { reader throws(ByteReader.Malformed) in try readExample(&reader, folder: folder) }
        let markdown = try reader.string()
        let markdownLine = try reader.int()
        return Recipe(id: id, folder: folder, displayPath: "\(displayRoot)/\(id)", title: title, summary: summary, topic: topic, order: order,
                      tags: tags, want: want, service: service, appFolder: appFolder, needs: needs, sources: sources,
                      deploymentTarget: deploymentTarget, examples: examples, markdown: markdown, markdownLine: markdownLine)
    }

    /// Reads one example of a recipe whose folder is `folder`; its names must be ones the loader takes.
    private static func readExample(_ reader: inout ByteReader, folder: URL) throws(ByteReader.Malformed) -> Example {
        let name = try reader.string(), inputName = try reader.string()
        guard isExampleName(name), isExampleName(inputName) else { throw ByteReader.Malformed() }
        let appFolder = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
        var headers: [String: String] = [:]
        var last: String?
        for (key, value) in try reader.list({ reader throws(ByteReader.Malformed) in (try reader.string(), try reader.string()) }) {
            // Written in key order, each key once: anything else is not a record this codec wrote.
            guard last.map({ $0 < key }) ?? true else { throw ByteReader.Malformed() }
            last = key
            headers[key] = value
        }
        let foreground = try reader.bool(), withoutExtension = try reader.bool()
        let stockExtension = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
        let caption = try reader.string()
        return Example(id: name, input: inputFile(inputName, in: folder), inputName: inputName, expected: expectedFile(name, in: folder),
                       appFolder: appFolder, headers: headers, foreground: foreground, withoutExtension: withoutExtension,
                       stockExtension: stockExtension, caption: caption)
    }

    /// A recipe's folder, as `RecipeLoader.load` makes it.
    private static func folder(_ id: String, root: URL) -> URL {
        root.appendingPathComponent(id, isDirectory: true)
    }

    /// An example's input file, as the loader makes it.
    private static func inputFile(_ inputName: String, in folder: URL) -> URL {
        folder.appendingPathComponent("examples/\(inputName).json", isDirectory: false)
    }

    /// An example's recorded record, as the loader makes it.
    private static func expectedFile(_ name: String, in folder: URL) -> URL {
        folder.appendingPathComponent("expected/\(name).json", isDirectory: false)
    }

    /// True for an example name the loader takes (`ToolRule.exampleName`).
    private static func isExampleName(_ name: String) -> Bool {
        PlainName.isPlain(name) && name.utf8.count <= PlainName.maximumLength
    }
}
