import Payloads

/// How one example compared with its expected record, in a form that crosses process boundaries.
public struct ExampleStatus: Codable, Sendable, Equatable {
    /// How an example ended.
    public enum Status: String, Codable, Sendable {
        /// The record matched.
        case passed
        /// The record differed.
        case mismatch
        /// No expected record yet.
        case missing
        /// The example (or its whole recipe) could not run.
        case failed
    }

    /// The example's id (`*` when the recipe could not run at all).
    public var example: String
    /// How it ended.
    public var status: Status
    /// What to report (a mismatch carries its diff as the detail); nil when it passed.
    public var diagnostic: Diagnostic?

    /// Creates a status.
    public init(example: String, status: Status, diagnostic: Diagnostic?) {
        self.example = example
        self.status = status
        self.diagnostic = diagnostic
    }

    /// The status of `example` of `recipe` after `verification`.
    public init(example: String, of recipe: Recipe, verification: Verification) {
        let status: Status
        switch verification {
        case .passed: status = .passed
        case .mismatch: status = .mismatch
        case .missing: status = .missing
        case .failed: status = .failed
        }
        self.init(example: example, status: status, diagnostic: verification.diagnostic(example: example, of: recipe))
    }

    /// True when the example matched.
    public var isPassed: Bool { status == .passed }
}
