/// A command a reader copies from a page into a terminal. Every word goes through `quote`, the one
/// shell-quoting function of the site, so no example name, header value or other untrusted text can
/// become shell syntax: pasted, it is always one literal word.
struct ShellCommand: Sendable, Equatable {
    /// One word of a command.
    enum Word: Sendable, Equatable {
        /// A literal word, which reaches the program exactly as given.
        case literal(String)
        /// A word of the site's own text in which `${NAME}` refers to an environment variable the reader sets
        /// (names of capitals, digits and `_`); everything else in it is literal.
        case withVariables(String)
    }

    /// The words; the first is the program.
    var words: [Word]
    /// Where line breaks go: before each word whose index is listed (shown as ` \` continuations).
    var breaks: Set<Int> = []

    /// The command as text: words joined by spaces, with ` \` line continuations before the listed words.
    var text: String {
        var out = ""
        for (index, word) in words.enumerated() {
            if index > 0 { out += breaks.contains(index) ? " \\\n  " : " " }
            out += Self.quote(word)
        }
        return out
    }

    /// The characters that never need quoting in a shell word (POSIX sh, bash, zsh).
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "_"), UInt8(ascii: "@"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: ":"),
             UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// Characters that keep their literal meaning inside double quotes (no `$`, `` ` ``, `\`, `"` or `!`).
    private static func isDoubleQuoteSafe(_ byte: UInt8) -> Bool {
        isPlain(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";")
    }

    /// The shell text of one word. A literal is left bare when every character is plain, and otherwise put in
    /// single quotes (a `'` inside becomes `'\''`); a word with variables is double-quoted when its literal
    /// parts are safe there, and otherwise built from single-quoted literal parts and `"${NAME}"` parts.
    static func quote(_ word: Word) -> String {
        switch word {
        case .literal(let text):
            if !text.isEmpty, text.utf8.allSatisfy(isPlain) { return text }
            return "'" + ByteText.replacing("'", with: "'\\''", in: text) + "'"
        case .withVariables(let template):
            let parts = split(template)
            let literals = parts.compactMap { if case .literal(let s) = $0 { s } else { nil } }
            if literals.allSatisfy({ $0.utf8.allSatisfy(isDoubleQuoteSafe) }) {
                return "\"" + parts.map { if case .literal(let s) = $0 { s } else { "${\(name(of: $0))}" } }.joined() + "\""
            }
            return parts.map { if case .literal(let s) = $0 { quote(.literal(s)) } else { "\"${\(name(of: $0))}\"" } }.joined()
        }
    }

    private static func name(of word: Word) -> String {
        if case .withVariables(let name) = word { return name }
        return ""
    }

    /// A template's literal runs and variable references (a reference is `.withVariables(NAME)`).
    private static func split(_ template: String) -> [Word] {
        var parts: [Word] = []
        var literal = ""
        var rest = Substring(template)
        while let start = rest.range(of: "${") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "}") else { break }
            let name = after[..<end]
            guard !name.isEmpty, name.utf8.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 }) else {
                literal += rest[..<after.startIndex]
                rest = after
                continue
            }
            literal += rest[..<start.lowerBound]
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            parts.append(.withVariables(String(name)))
            rest = after[after.index(after: end)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }
}
