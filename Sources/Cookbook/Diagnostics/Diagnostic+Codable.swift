import Payloads

// Diagnostics are part of `RecipeArtifact`, which is Codable (worker replies and the cache are its
// JSON, see `ArtifactJSON`), so they are Codable here: Payloads also compiles with
// Embedded Swift, which has no Codable.

extension Diagnostic: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, severity, message, line, column, path, file, detail
    }

    /// Reads a diagnostic written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(rule: try container.decode(String.self, forKey: .rule),
                  severity: try container.decode(Severity.self, forKey: .severity),
                  message: try container.decode(String.self, forKey: .message),
                  location: SourceLocation(line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column)),
                  path: try container.decode(String.self, forKey: .path),
                  file: try container.decodeIfPresent(String.self, forKey: .file),
                  detail: try container.decodeIfPresent(String.self, forKey: .detail))
    }

    /// Writes the diagnostic's fields (the shape of `json`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(location.line, forKey: .line)
        try container.encode(location.column, forKey: .column)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(file, forKey: .file)
        try container.encodeIfPresent(detail, forKey: .detail)
    }
}

extension Severity: Codable {}
