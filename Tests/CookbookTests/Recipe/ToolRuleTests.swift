import Foundation
import Testing
import Payloads
@testable import Cookbook
import ToolchainSupport

/// The build's own rule ids: stable, distinct, and apart from the payload catalogue's.
@Suite("The build's rules")
struct ToolRuleTests {
    @Test("every rule of the build has a distinct id, a summary, and an id the payload catalogue does not use")
    func idsAreDistinct() {
        let ids = ToolRule.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ToolRule.all.allSatisfy { !$0.summary.isEmpty && $0.id.contains(".") })
        #expect(ids.allSatisfy { RuleCatalogue.rule($0) == nil })
        #expect(Set(ToolRule.safety.map(\.id)).isSubset(of: Set(ids)))
    }

    @Test("a diagnostic survives the trip through a worker's JSON reply unchanged")
    func codableRoundTrip() throws {
        let diagnostics = [
            Diagnostic(file: "R/r/expected/e.json", breaking: .mismatch, "the record differs", detail: "--- a\n+++ b"),
            Diagnostic(rule: "apns.badge-value", severity: .warning, message: "m", location: SourceLocation(line: 2, column: 5), path: "aps.badge"),
        ]
        let data = try JSONEncoder().encode(diagnostics)
        #expect(try JSONDecoder().decode([Diagnostic].self, from: data) == diagnostics)
    }

    @Test("a recipe's load errors carry the rule they break")
    func loadErrorsCarryRules() throws {
        let root = TemporaryFolder.root.appendingPathComponent("pushbook-toolrule-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, text) in [("no-front", "# Title\n"), ("bad-key", "---\ntitle: T\nsumary: S\n---\n"), ("bad-order", "---\ntitle: T\nsummary: S\nservice: X\norder: first\n---\n")] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: root.appendingPathComponent("\(name)/recipe.md"))
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("no-markdown"), withIntermediateDirectories: true)
        let (_, diagnostics) = RecipeLoader(root: root, displayRoot: "R").load(only: ["no-front", "bad-key", "bad-order", "no-markdown", "absent"])
        let rules = Dictionary(uniqueKeysWithValues: diagnostics.map { ($0.file ?? "", $0.rule) })
        #expect(rules["R/no-front/recipe.md"] == ToolRule.frontMatter.id)
        #expect(rules["R/bad-key/recipe.md"] == ToolRule.frontMatter.id)
        #expect(rules["R/bad-order/recipe.md"] == ToolRule.frontMatter.id)
        #expect(rules["R/no-markdown/recipe.md"] == ToolRule.markdown.id)
        #expect(rules["R"] == ToolRule.unknownRecipe.id)
        #expect(diagnostics.allSatisfy { $0.severity == .error && Set(ToolRule.all.map(\.id)).contains($0.rule) })
    }

    @Test("no Swift source under Sources builds a 'file:1:1: error:' string by hand")
    func noHandBuiltDiagnosticText() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(":1:1: error:") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                offenders.append("\(url.lastPathComponent):\(number + 1)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
