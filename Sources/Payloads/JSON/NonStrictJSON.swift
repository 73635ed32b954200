/// What makes a file that is not strict JSON readable by a lenient parser: trailing commas and comments,
/// found outside strings, with where each is. Used to say which consumer of a Simulator `.apns` file
/// (or any input) refuses it and which may accept it (rule `json.not-strict`).
public struct NonStrictJSON: Sendable, Equatable {
    /// One leniency a strict reader refuses.
    public enum Feature: String, Sendable, Equatable {
        /// A comma right before `}` or `]`.
        case trailingComma = "trailing comma"
        /// A `//` or `/* */` comment.
        case comment
    }

    /// One place where a feature was found.
    public struct Finding: Sendable, Equatable {
        /// What was found.
        public var feature: Feature
        /// Where.
        public var location: SourceLocation
    }

    /// Each feature found, in file order, with its location.
    public var features: [Finding]
    /// True when the file is strict JSON once they are removed.
    public var readableWithoutThem: Bool

    /// Scans `bytes`; nil when it has neither trailing commas nor comments.
    public init?(_ bytes: [UInt8]) {
        var found: [Finding] = []
        var cleaned = bytes
        var i = 0, line = 1, lineStart = 0
        var inString = false
        func at(_ offset: Int) -> SourceLocation { SourceLocation(line: line, column: offset - lineStart + 1) }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
            if inString {
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if b == UInt8(ascii: "\"") { inString = true; i += 1; continue }
            if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                found.append(Finding(feature: .comment, location: at(i)))
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { cleaned[i] = UInt8(ascii: " "); i += 1 }
                continue
            }
            if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                found.append(Finding(feature: .comment, location: at(i)))
                cleaned[i] = UInt8(ascii: " "); cleaned[i + 1] = UInt8(ascii: " ")
                i += 2
                while i < bytes.count, !(bytes[i] == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/")) {
                    if bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 } else { cleaned[i] = UInt8(ascii: " ") }
                    i += 1
                }
                if i + 1 < bytes.count { cleaned[i] = UInt8(ascii: " "); cleaned[i + 1] = UInt8(ascii: " ") }
                i += 2
                continue
            }
            if b == UInt8(ascii: ",") {
                // The next significant byte (skipping white space and comments) closes the container.
                var j = i + 1
                while j < bytes.count {
                    let c = bytes[j]
                    if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { j += 1; continue }
                    if c == UInt8(ascii: "/"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "/") {
                        while j < bytes.count, bytes[j] != UInt8(ascii: "\n") { j += 1 }
                        continue
                    }
                    if c == UInt8(ascii: "/"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "*") {
                        j += 2
                        while j + 1 < bytes.count, !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) { j += 1 }
                        j += 2
                        continue
                    }
                    break
                }
                if j < bytes.count, bytes[j] == UInt8(ascii: "}") || bytes[j] == UInt8(ascii: "]") {
                    found.append(Finding(feature: .trailingComma, location: at(i)))
                    cleaned[i] = UInt8(ascii: " ")
                }
            }
            i += 1
        }
        guard !found.isEmpty else { return nil }
        features = found
        switch JSONReader.parse(cleaned) {
        case .success: readableWithoutThem = true
        case .failure: readableWithoutThem = false
        }
    }

    /// True when a feature of this kind was found.
    public func has(_ feature: Feature) -> Bool { features.contains { $0.feature == feature } }
}
