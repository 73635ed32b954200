extension APNsHeaders {
    /// Reads one header written `NAME:VALUE`, as `pushbook lint --header` and the playground's header
    /// lines take it: split at the first colon (empty pieces before it do not count), each side trimmed
    /// of white space, the name lowercased (ASCII letters only, as HTTP compares names). Nil when
    /// there is no name or nothing after the colon.
    public static func option(_ text: String) -> (name: String, value: String)? {
        let parts = text.split(separator: ":", maxSplits: 1).map { trimmingWhitespace($0) }
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        return (parts[0].lowercasedASCII(), parts[1])
    }

    /// `text` without leading and trailing white space, scalar by scalar: the characters Foundation's
    /// `CharacterSet.whitespaces` holds (tab, space, no-break space, U+1680, U+2000 to U+200B, U+202F,
    /// U+205F and U+3000), so the CLI reads `--header` exactly as it did with Foundation.
    static func trimmingWhitespace(_ text: Substring) -> String {
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first, isWhitespace(first) { scalars.removeFirst() }
        while let last = scalars.last, isWhitespace(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
