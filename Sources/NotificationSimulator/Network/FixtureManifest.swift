import Foundation
import Payloads

/// What the simulated network serves: a JSON object from URL to a response (ARCHITECTURE.md, "Command-line contract").
///
/// Each entry is `{"file": PATH relative to the manifest, "mimeType": STRING, "status": INT,
/// "latencyMilliseconds": INT}`; `status` defaults to 200 and latency to 0. Our addition:
/// `"padToBytes": INT` pads the file's bytes with zeros to that size, so a 12 MB image needs no
/// 12 MB file in the repository. A `file` may not leave the manifest's folder.
public struct FixtureManifest: Sendable, Equatable {
    /// One response.
    public struct Entry: Sendable, Equatable {
        /// The body.
        public var body: Data
        /// The `Content-Type`; nil sends none.
        public var mimeType: String?
        /// The HTTP status.
        public var status: Int
        /// How long the response takes, in virtual milliseconds.
        public var latencyMilliseconds: Int
    }

    /// Responses by absolute URL string (scheme and host in lower case, see `normalized`).
    public var entries: [String: Entry]

    /// Creates a manifest from entries.
    public init(entries: [String: Entry] = [:]) {
        self.entries = Dictionary(entries.map { (Self.normalized($0.key), $0.value) }) { first, _ in first }
    }

    /// The id of the diagnostics about a manifest that cannot be used.
    public static let rule = "fixture.manifest"

    /// Reads a manifest file; fixture files are read relative to its folder and may not leave it.
    public static func load(from url: URL, displayPath: String? = nil) throws(Diagnostic) -> FixtureManifest {
        let shown = displayPath ?? url.path
        guard let bytes = FileManager.default.contents(atPath: url.path) else {
            throw Diagnostic(file: shown, location: .none, rule: rule, message: "cannot read the fixture manifest")
        }
        let root: JSONValue
        switch JSONReader.parse([UInt8](bytes)) {
        case .success(let value): root = value
        case .failure(let error): throw Diagnostic(file: shown, location: error.location, rule: rule, message: error.message)
        }
        guard let members = root.members else {
            throw Diagnostic(file: shown, location: root.location, rule: rule, message: "a fixture manifest is an object from URL to response")
        }
        let folder = url.deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath()
        var entries: [String: Entry] = [:]
        var firstLine: [String: Int] = [:]
        for member in members {
            let key = normalized(member.key)
            if let line = firstLine[key] {
                throw Diagnostic(file: shown, location: member.keyLocation, rule: rule, message: "'\(member.key)' is listed twice (first on line \(line)); URLs differing only in the case of the scheme or host are the same URL")
            }
            firstLine[key] = member.keyLocation.line
            guard let fields = member.value.members else {
                throw Diagnostic(file: shown, location: member.value.location, rule: rule, message: "the response for '\(member.key)' must be an object")
            }
            for field in fields where !["file", "mimeType", "status", "latencyMilliseconds", "padToBytes"].contains(field.key) {
                throw Diagnostic(file: shown, location: field.keyLocation, rule: rule, message: "unknown key '\(field.key)' (expected file, mimeType, status, latencyMilliseconds, padToBytes)")
            }
            var body = Data()
            if let file = member.value["file"] {
                guard let path = file.stringValue, !path.isEmpty else {
                    throw Diagnostic(file: shown, location: file.location, rule: rule, message: "'file' must be a non-empty string")
                }
                let target = folder.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath()
                guard ContainedPath.isInside(path, of: folder) else {
                    throw Diagnostic(file: shown, location: file.location, rule: rule, message: "fixture file '\(path)' is outside the manifest's folder")
                }
                var info = stat()
                guard stat(target.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                    throw Diagnostic(file: shown, location: file.location, rule: rule, message: "cannot read fixture file '\(path)' (it must be a regular file)")
                }
                guard Int(info.st_size) <= maximumBytes else {
                    throw Diagnostic(file: shown, location: file.location, rule: rule, message: "fixture file '\(path)' is \(info.st_size) bytes, more than the \(maximumBytes) a fixture may hold (use padToBytes for a large download)")
                }
                guard let data = FileManager.default.contents(atPath: target.path), data.count <= maximumBytes else {
                    throw Diagnostic(file: shown, location: file.location, rule: rule, message: "cannot read fixture file '\(path)'")
                }
                body = data
            }
            func integer(_ key: String, default value: Int, range: ClosedRange<Int>) throws(Diagnostic) -> Int {
                guard let field = member.value[key] else { return value }
                guard let n = field.numberValue?.intValue, range.contains(n) else {
                    throw Diagnostic(file: shown, location: field.location, rule: rule, message: "'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                return n
            }
            let status = try integer("status", default: 200, range: 100...599)
            let latency = try integer("latencyMilliseconds", default: 0, range: 0...86_400_000)
            let pad = try integer("padToBytes", default: 0, range: 0...maximumBytes)
            if body.count < pad {
                // Untouched zero pages after the file's bytes, which DownloadFile never reads.
                body = PaddedBody.make(body, size: pad)
            }
            var mimeType: String?
            if let mime = member.value["mimeType"] {
                guard let text = mime.stringValue else {
                    throw Diagnostic(file: shown, location: mime.location, rule: rule, message: "'mimeType' must be a string")
                }
                // RFC 6838 §4.2: a type and a subtype of at most 127 characters each; no control characters.
                guard text.utf8.count <= 255, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw Diagnostic(file: shown, location: mime.location, rule: rule, message: "'mimeType' must be a media type of at most 255 characters without control characters (RFC 6838)")
                }
                mimeType = text
            }
            entries[key] = Entry(body: body, mimeType: mimeType, status: status, latencyMilliseconds: latency)
        }
        return FixtureManifest(entries: entries)
    }

    /// The largest body a fixture serves (its file, or `padToBytes`): 200 MB.
    public static let maximumBytes = 200_000_000

    /// The response for `url`, matched with its scheme and host in lower case (RFC 3986 §6.2.2.1).
    public func entry(for url: String) -> Entry? {
        entries[Self.normalized(url)]
    }

    /// `url` with its scheme and host lowercased, as URLs are compared.
    public static func normalized(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.scheme = components.scheme?.lowercased()
        if let host = components.percentEncodedHost { components.percentEncodedHost = host.lowercased() }
        return components.string ?? url
    }
}
