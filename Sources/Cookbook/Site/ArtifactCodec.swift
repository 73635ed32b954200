import Foundation
import Payloads
import NotificationSimulator

/// The binary form of what crosses the worker channel (requests, artifacts) and of the build
/// cache's entries, in place of JSON: fields in a fixed order, written with `ByteWriter` and read
/// with `ByteReader`. Every field round-trips exactly, the failures' too (diagnostics, statuses
/// with their diffs). Decoding is untrusted-input parsing: bytes that are not wholly one value of
/// this form (cut short, trailing bytes, a bad tag, a string that is not UTF-8, an unknown enum
/// case, a page's links listed out of order) decode to nil, never a crash or an allocation larger
/// than the input. Dictionaries are written in key order, so the bytes of a value are always the same.
enum ArtifactCodec {
    /// The first bytes of a cache entry (`BuildCache.entryFile`), before its format number.
    static let entryMagic: [UInt8] = Array("PBKE".utf8)

    /// The bytes of a cache entry: the magic, the format, the artifact and the stored files.
    static func encode(_ entry: BuildCache.Entry) -> [UInt8] {
        var writer = ByteWriter(capacity: 16_384)
        writer.raw(entryMagic)
        writer.int(entry.format)
        write(entry.artifact, to: &writer)
        writer.list(entry.files) { writer, file in
            writer.string(file.path)
            writer.int(file.bytes)
            writer.string(file.digest)
        }
        return writer.bytes
    }

    /// The entry of `bytes`; nil unless they are wholly an entry of `BuildCache.format`.
    static func entry(from bytes: [UInt8]) -> BuildCache.Entry? {
        decode(bytes) { reader throws(ByteReader.Malformed) in
            try reader.expect(entryMagic)
            let format = try reader.int()
            guard format == BuildCache.format else { throw ByteReader.Malformed() }
            let artifact = try readArtifact(&reader)
            let files = try reader.list { reader throws(ByteReader.Malformed) in
                BuildCache.StoredFile(path: try reader.string(), bytes: try reader.int(), digest: try reader.string())
            }
            return BuildCache.Entry(format: format, artifact: artifact, files: files)
        }
    }

    /// The bytes of an artifact (a worker's reply).
    static func encode(_ artifact: RecipeArtifact) -> [UInt8] {
        var writer = ByteWriter(capacity: 16_384)
        write(artifact, to: &writer)
        return writer.bytes
    }

    /// The artifact of `bytes`; nil unless they are wholly one.
    static func artifact(from bytes: [UInt8]) -> RecipeArtifact? {
        decode(bytes) { reader throws(ByteReader.Malformed) in try readArtifact(&reader) }
    }

    /// The bytes of a worker request.
    static func encode(_ request: WorkerPool.Request) -> [UInt8] {
        var writer = ByteWriter(capacity: 512)
        for text in [request.root, request.displayRoot, request.id] { writer.string(text) }
        for link in [request.previous, request.next] {
            writer.optional(link) { writer, link in
                writer.string(link.id)
                writer.string(link.title)
            }
        }
        for text in [request.key, request.staging, request.mode.rawValue] { writer.string(text) }
        writer.optional(request.site) { $0.string($1) }
        return writer.bytes
    }

    /// The request of `bytes`; nil unless they are wholly one.
    static func request(from bytes: [UInt8]) -> WorkerPool.Request? {
        decode(bytes) { reader throws(ByteReader.Malformed) in
            let root = try reader.string(), displayRoot = try reader.string(), id = try reader.string()
            let link = { (reader: inout ByteReader) throws(ByteReader.Malformed) in RecipeLink(id: try reader.string(), title: try reader.string()) }
            let previous = try reader.optional(link), next = try reader.optional(link)
            let key = try reader.string(), staging = try reader.string(), mode = try reader.raw(WorkerPool.Request.Mode.self)
            let site = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
            return WorkerPool.Request(root: root, displayRoot: displayRoot, id: id, previous: previous, next: next, key: key,
                                      staging: staging, mode: mode, site: site)
        }
    }

    /// Runs `body` over `bytes` and requires it to read them all; nil when it fails or leaves any.
    private static func decode<T>(_ bytes: [UInt8], _ body: (inout ByteReader) throws(ByteReader.Malformed) -> T) -> T? {
        var reader = ByteReader(bytes)
        do throws(ByteReader.Malformed) {
            let value = try body(&reader)
            try reader.expectEnd()
            return value
        } catch {
            return nil
        }
    }

    /// Writes every field of `artifact`, in declaration order.
    private static func write(_ artifact: RecipeArtifact, to writer: inout ByteWriter) {
        writer.string(artifact.id)
        writer.string(artifact.key)
        writer.bool(artifact.passed)
        writer.list(artifact.diagnostics) { write($1, to: &$0) }
        writer.int(artifact.examples)
        writer.int(artifact.examplesPassed)
        writer.strings(artifact.files)
        writer.list(artifact.search) { writer, entry in
            for text in [entry.url, entry.title, entry.section, entry.text, entry.kind.rawValue] { writer.string(text) }
        }
        writer.optional(artifact.cardPreview) { write($1, to: &$0) }
        writer.list(artifact.ruleExamples) { writer, example in
            for text in [example.rule, example.page, example.recipe, example.example] { writer.string(text) }
        }
        writer.list(artifact.links.sorted { $0.key < $1.key }) { writer, link in
            writer.string(link.key)
            writer.strings(link.value.ids)
            writer.strings(link.value.hrefs)
        }
        writer.list(artifact.statuses) { writer, status in
            writer.string(status.example)
            writer.string(status.status.rawValue)
            writer.optional(status.diagnostic) { write($1, to: &$0) }
        }
        writer.strings(artifact.updated)
    }

    /// Reads what `write(_:to:)` wrote of an artifact.
    private static func readArtifact(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> RecipeArtifact {
        let id = try reader.string(), key = try reader.string(), passed = try reader.bool()
        let diagnostics = try reader.list(readDiagnostic)
        let examples = try reader.int(), examplesPassed = try reader.int()
        let files = try reader.strings()
        let search = try reader.list { reader throws(ByteReader.Malformed) in
            SearchEntry(url: try reader.string(), title: try reader.string(), section: try reader.string(), text: try reader.string(),
                        kind: try reader.raw(SearchEntry.Kind.self))
        }
        let cardPreview = try reader.optional(readNotification)
        let ruleExamples = try reader.list { reader throws(ByteReader.Malformed) in
            RuleExample(rule: try reader.string(), page: try reader.string(), recipe: try reader.string(), example: try reader.string())
        }
        var links: [String: PageLinks] = [:]
        var lastPath: String?
        for _ in 0..<(try reader.count()) {
            let path = try reader.string()
            // Strictly ascending, as written: no path twice, and one value has one form.
            guard lastPath.map({ $0 < path }) ?? true else { throw ByteReader.Malformed() }
            lastPath = path
            links[path] = PageLinks(ids: try reader.strings(), hrefs: try reader.strings())
        }
        let statuses = try reader.list { reader throws(ByteReader.Malformed) in
            ExampleStatus(example: try reader.string(), status: try reader.raw(ExampleStatus.Status.self), diagnostic: try reader.optional(readDiagnostic))
        }
        let updated = try reader.strings()
        return RecipeArtifact(id: id, key: key, passed: passed, diagnostics: diagnostics, examples: examples, examplesPassed: examplesPassed,
                              files: files, search: search, cardPreview: cardPreview, ruleExamples: ruleExamples, links: links,
                              statuses: statuses, updated: updated)
    }

    /// Writes a diagnostic's every field.
    private static func write(_ diagnostic: Diagnostic, to writer: inout ByteWriter) {
        writer.string(diagnostic.rule)
        writer.string(diagnostic.severity.rawValue)
        writer.string(diagnostic.message)
        writer.int(diagnostic.location.line)
        writer.int(diagnostic.location.column)
        writer.string(diagnostic.path)
        writer.optional(diagnostic.file) { $0.string($1) }
        writer.optional(diagnostic.detail) { $0.string($1) }
    }

    /// Reads what `write(_:to:)` wrote of a diagnostic.
    private static func readDiagnostic(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> Diagnostic {
        let rule = try reader.string(), severity = try reader.raw(Severity.self), message = try reader.string()
        let location = SourceLocation(line: try reader.int(), column: try reader.int())
        let path = try reader.string()
        let file = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
        let detail = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
        return Diagnostic(rule: rule, severity: severity, message: message, location: location, path: path, file: file, detail: detail)
    }

    /// Writes a card preview's every field, its image bytes as they are.
    private static func write(_ notification: ExampleView.Notification, to writer: inout ByteWriter) {
        writer.string(notification.appName)
        writer.string(notification.icon.rawValue)
        writer.optional(notification.avatarInitials) { $0.string($1) }
        writer.optional(notification.avatar) { $0.data($1) }
        for text in [notification.title, notification.subtitle, notification.body] { writer.string(text) }
        writer.optional(notification.attachment) { writer, attachment in
            writer.string(attachment.type)
            writer.int(attachment.bytes)
            writer.optional(attachment.image) { $0.data($1) }
        }
    }

    /// Reads what `write(_:to:)` wrote of a card preview.
    private static func readNotification(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> ExampleView.Notification {
        let appName = try reader.string(), icon = try reader.raw(NotificationIcon.self)
        let initials = try reader.optional { reader throws(ByteReader.Malformed) in try reader.string() }
        let avatar = try reader.optional { reader throws(ByteReader.Malformed) in try reader.data() }
        let title = try reader.string(), subtitle = try reader.string(), body = try reader.string()
        let attachment = try reader.optional { reader throws(ByteReader.Malformed) in
            ExampleView.Notification.Attachment(type: try reader.string(), bytes: try reader.int(),
                                                image: try reader.optional { reader throws(ByteReader.Malformed) in try reader.data() })
        }
        return ExampleView.Notification(appName: appName, icon: icon, avatarInitials: initials, avatar: avatar, title: title, subtitle: subtitle,
                                        body: body, attachment: attachment)
    }
}
