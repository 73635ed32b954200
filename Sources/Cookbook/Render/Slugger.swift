/// Makes stable, unique anchor ids from heading text: lowercase ASCII words joined by `-`,
/// with `-2`, `-3`, … added to repeats.
struct Slugger: Sendable {
    private var used: [String: Int] = [:]

    /// Creates a slugger with the ids that are already taken on the page.
    init(reserved: [String] = []) {
        for id in reserved { used[id] = 1 }
    }

    /// The slug for `text`, unique on this page.
    mutating func slug(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        let base = words.isEmpty ? "section" : words.joined(separator: "-")
        let count = used[base, default: 0]
        used[base] = count + 1
        if count == 0 { return base }
        var candidate = "\(base)-\(count + 1)"
        var n = count + 1
        while used[candidate] != nil { n += 1; candidate = "\(base)-\(n)" }
        used[candidate] = 1
        return candidate
    }
}
