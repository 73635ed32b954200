import Foundation
import Testing
@testable import Cookbook

/// The README's "Safety" section documents every recipe rule the loader enforces.
@Suite("Safety: documentation")
struct SafetyDocumentationTests {
    @Test("every safety rule id appears in the README's Safety section, and the section names no rule that does not exist")
    func readmeListsEverySafetyRule() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n## Safety\n"))
        let section = String(text[start.upperBound...]).components(separatedBy: "\n## ").first ?? ""
        for rule in ToolRule.safety { #expect(section.contains("`\(rule.id)`"), "README Safety lacks \(rule.id)") }
        let named = section.components(separatedBy: "`recipe.").dropFirst().compactMap { $0.split(separator: "`").first.map { "recipe." + $0 } }.filter { $0 != "recipe.md" }
        #expect(Set(named).isSubset(of: Set(ToolRule.safety.map(\.id))), "\(Set(named).subtracting(ToolRule.safety.map(\.id)))")
    }
}
