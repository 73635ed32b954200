import Foundation
import Testing

extension HostileWorkspace {
    /// Checks that out/ is byte for byte what `--no-cache` builds from the same recipes (in a
    /// folder `clean` beside it, removed after), reporting at the caller's line.
    func expectSameAsColdBuild(_ comment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let clean = try run(["build", "--recipes", "recipes", "--out", "clean", "--no-cache"])
        try #require(clean.status == 0, "\(clean.stderr)", sourceLocation: sourceLocation)
        let site = Self.snapshot(out), cold = Self.snapshot(root.appendingPathComponent("clean"))
        #expect(site == cold, "\(comment): differs from --no-cache in \(Set(site.keys).symmetricDifference(cold.keys).sorted().prefix(5)) or contents of \(site.keys.filter { site[$0] != cold[$0] }.sorted().prefix(5))",
                sourceLocation: sourceLocation)
        try FileManager.default.removeItem(at: root.appendingPathComponent("clean"))
    }
}
