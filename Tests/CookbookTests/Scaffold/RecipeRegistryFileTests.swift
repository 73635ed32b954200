import Testing
@testable import Cookbook

/// How `pushbook new` edits the registry: by the literal's real structure, keeping the file's line
/// endings, or not at all (an error that says to add the entry by hand).
@Suite("recipe registry file")
struct RecipeRegistryFileTests {
    /// A registry whose entries are `entries`, laid out as the package's.
    static func registry(_ entries: String, ending: String = "\n") -> String {
        ("enum RecipeRegistry {\n    public static let entryPoints: [String: RecipeEntryPoint] = [\n" + entries + "    ]\n}\n")
            .replacingOccurrences(of: "\n", with: ending)
    }

    /// The error `registering` throws for `text`, as printed.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try RecipeRegistryFile(text: text, file: "R/Registry.swift").registering(service: "B")
            return nil
        } catch {
            return error.text
        }
    }

    @Test("an entry whose body holds a nested bracket literal does not end the dictionary: the new entry goes before the dictionary's own closing bracket")
    func nestedLiteralInAnEntry() throws {
        let entries = """
                    "Multi": .localNotifications { arguments, center in
                        _ = [
                            1,
                        ]
                    },

            """
        let registered = try RecipeRegistryFile(text: Self.registry(entries), file: "R/Registry.swift").registering(service: "B")
        #expect(registered == Self.registry(entries + "        \"B\": .serviceExtension { B() },\n"))
    }

    @Test("brackets and the word entryPoints in comments and strings are not code")
    func bracketsInCommentsAndStrings() throws {
        let entries = """
                    // ] a comment that looks like the end
                    "A": .localNotifications { arguments, center in _ = "]" /* ] */ },

            """
        let text = "// entryPoints: [ in a comment\n" + Self.registry(entries)
        let registered = try RecipeRegistryFile(text: text, file: "R/Registry.swift").registering(service: "B")
        #expect(registered == "// entryPoints: [ in a comment\n" + Self.registry(entries + "        \"B\": .serviceExtension { B() },\n"))
    }

    @Test("a last entry without a comma gets one after its code, before a trailing comment")
    func commaAfterTheLastEntryBeforeItsComment() throws {
        let registered = try RecipeRegistryFile(text: Self.registry("        \"A\": .serviceExtension { A() } // the first\n"), file: "R/Registry.swift").registering(service: "B")
        #expect(registered == Self.registry("        \"A\": .serviceExtension { A() }, // the first\n        \"B\": .serviceExtension { B() },\n"))
    }

    @Test("a CRLF registry is edited, and the new line ends in CRLF like the others")
    func crlfRegistryKeepsItsLineEndings() throws {
        let text = Self.registry("        \"A\": .serviceExtension { A() },\n", ending: "\r\n")
        let registered = try RecipeRegistryFile(text: text, file: "R/Registry.swift").registering(service: "B")
        #expect(registered == Self.registry("        \"A\": .serviceExtension { A() },\n        \"B\": .serviceExtension { B() },\n", ending: "\r\n"))
        #expect(RecipeRegistryFile(text: text, file: "R/Registry.swift").services == ["A"])
    }

    @Test("a registry laid out otherwise is refused with the entry to add by hand, at the place it could not edit",
          arguments: [
            ("let x = 1\n", "R/Registry.swift:1:1: error: no 'public static let entryPoints: [String: RecipeEntryPoint] = [' declaration to add the service to; add this entry by hand: \"B\": .serviceExtension { B() }, [new.registry]"),
            ("enum R {\n    static let entryPoints: [String: RecipeEntryPoint] = [\n        \"A\": .serviceExtension { A() }]\n}\n", "R/Registry.swift:3:39: error: the bracket closing the entryPoints dictionary is not on a line of its own; add this entry by hand"),
            ("enum R {\n    static let entryPoints: [String: RecipeEntryPoint] = [\n        \"A\": .serviceExtension { A() },\n", "R/Registry.swift:2:58: error: the entryPoints dictionary opened here is never closed; add this entry by hand"),
            ("enum R {\n    static let entryPoints: [String: RecipeEntryPoint] = [:\n    ]\n}\n", "R/Registry.swift:2:58: error: the entryPoints dictionary is empty; add this entry by hand"),
            ("let s = Self.entryPoints\n", "R/Registry.swift:1:1: error: no 'public static let entryPoints"),
          ])
    func refusedLayouts(text: String, message: String) {
        let refusal = Self.refusal(text)
        #expect(refusal?.hasPrefix(message) == true, "\(refusal ?? "accepted")")
    }
}
