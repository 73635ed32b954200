extension String {
    /// The string with `A`–`Z` turned into `a`–`z` and every other character kept.
    ///
    /// Header names (RFC 9110 §5.1), APNs and FCM keys and JSON literals are ASCII, and compare
    /// without regard to ASCII case; full Unicode case mapping would only add tables to the
    /// WebAssembly module (and would make a Kelvin sign `K` match `k`).
    func lowercasedASCII() -> String {
        guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return self }
        return String(decoding: utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The string with `a`–`z` turned into `A`–`Z` and every other character kept.
    func uppercasedASCII() -> String {
        String(decoding: utf8.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 }, as: UTF8.self)
    }
}
