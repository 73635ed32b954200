import Foundation
import Payloads

/// The result of comparing an example's record with its recorded `expected/` file, the Go way:
/// exact bytes, with only line endings normalised.
public enum Verification: Sendable, Equatable {
    /// The record matches.
    case passed
    /// The record differs; `diff` is a readable unified diff.
    case mismatch(diff: String)
    /// There is no expected file yet.
    case missing
    /// The example could not run.
    case failed(Diagnostic)

    /// Compares `got` with the expected file's text (nil when missing).
    public static func compare(got: String, want: String?, path: String) -> Verification {
        guard let want else { return .missing }
        let normalise = { (s: String) in s.replacingOccurrences(of: "\r\n", with: "\n") }
        if normalise(got) == normalise(want) { return .passed }
        return .mismatch(diff: TextDiff.unified(old: normalise(want), new: normalise(got), oldName: path + " (expected)", newName: path + " (got)"))
    }

    /// True when the example passed.
    public var isPassed: Bool { self == .passed }

    /// What to report for example `example` of `recipe`: nil when it passed; a mismatch carries its diff.
    public func diagnostic(example: String, of recipe: Recipe) -> Diagnostic? {
        let expected = "\(recipe.displayPath)/expected/\(example).json"
        switch self {
        case .passed: return nil
        case .mismatch(let diff):
            return Diagnostic(file: expected, breaking: .mismatch, "the record of example '\(example)' differs from the expected file", detail: diff)
        case .missing:
            return Diagnostic(file: expected, breaking: .missingExpected, "no expected record; run 'pushbook check --update \(recipe.id)' and review it")
        case .failed(let diagnostic): return diagnostic
        }
    }
}
