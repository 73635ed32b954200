import Foundation
import Payloads

/// The result of comparing an example's record with its recorded `expected/` file, the Go way:
/// exact bytes, with only line endings normalised.
public enum Verification: Sendable, Equatable {
    /// The record matches.
    case passed
    /// The record differs; `diff` is a readable unified diff, `line` the first line of the expected
    /// file that differs (1-based; its last line when the record only adds lines after it).
    case mismatch(diff: String, line: Int)
    /// There is no expected file yet.
    case missing
    /// The example could not run.
    case failed(Diagnostic)

    /// Compares `got` with the expected file's text (nil when missing).
    public static func compare(got: String, want: String?, path: String) -> Verification {
        guard let want else { return .missing }
        let normalise = { (s: String) in s.replacingOccurrences(of: "\r\n", with: "\n") }
        // Without a carriage return there is nothing to normalise (a byte test: String.contains goes through NSString).
        if !got.utf8.contains(UInt8(ascii: "\r")) && !want.utf8.contains(UInt8(ascii: "\r")) && got == want { return .passed }
        if normalise(got) == normalise(want) { return .passed }
        let old = normalise(want), new = normalise(got)
        return .mismatch(diff: TextDiff.unified(old: old, new: new, oldName: path + " (expected)", newName: path + " (got)"),
                         line: firstDifferingLine(old: old, new: new))
    }

    /// The 1-based line of `old` where `new` first differs from it (at most `old`'s last line).
    static func firstDifferingLine(old: String, new: String) -> Int {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false), b = new.split(separator: "\n", omittingEmptySubsequences: false)
        var line = 0
        while line < a.count, line < b.count, a[line] == b[line] { line += 1 }
        // A file ending in a newline splits into one more, empty, piece: that is not a line of its own.
        let lines = old.hasSuffix("\n") ? a.count - 1 : a.count
        return max(1, min(line + 1, lines))
    }

    /// True when the example passed.
    public var isPassed: Bool { self == .passed }

    /// What to report for example `example` of `recipe`: nil when it passed; a mismatch carries its diff.
    public func diagnostic(example: String, of recipe: Recipe) -> Diagnostic? {
        let expected = "\(recipe.displayPath)/expected/\(example).json"
        switch self {
        case .passed: return nil
        case .mismatch(let diff, let line):
            return Diagnostic(file: expected, location: SourceLocation(line: line, column: 1), breaking: .mismatch, "the record of example '\(example)' differs from the expected file", detail: diff)
        case .missing:
            return Diagnostic(file: expected, breaking: .missingExpected, "no expected record; run 'pushbook check --update \(recipe.id)' and review it")
        case .failed(let diagnostic): return diagnostic
        }
    }
}
