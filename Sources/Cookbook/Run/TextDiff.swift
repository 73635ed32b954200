/// A line diff in unified format: the standard library's `difference(from:)` (Myers' algorithm),
/// cut into hunks with `context` unchanged lines around each change.
enum TextDiff {
    /// One line of the edit script: kept (` `), removed (`-`) or inserted (`+`), with the 0-based
    /// position it has (or would have) on each side.
    private struct Edit {
        var mark: Character
        var line: String
        var old: Int
        var new: Int
    }

    /// A unified diff of `old` against `new`, with three lines of context; empty when they are equal.
    static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in b.difference(from: a) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) {
                edits.append(Edit(mark: "-", line: a[i], old: i, new: j)); i += 1
            } else if j < b.count, inserted.contains(j) {
                edits.append(Edit(mark: "+", line: b[j], old: i, new: j)); j += 1
            } else if i < a.count, j < b.count {
                edits.append(Edit(mark: " ", line: a[i], old: i, new: j)); i += 1; j += 1
            } else {
                break
            }
        }
        let changed = edits.indices.filter { edits[$0].mark != " " }
        guard var first = changed.first else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var last = first
        // A hunk runs on while the next change is at most twice the context away.
        for index in changed.dropFirst() + [Int.max] {
            if index != Int.max, index - last <= 2 * context + 1 { last = index; continue }
            let hunk = edits[max(0, first - context)...min(edits.count - 1, last + context)]
            let oldCount = hunk.filter { $0.mark != "+" }.count, newCount = hunk.filter { $0.mark != "-" }.count
            let start = hunk[hunk.startIndex]
            out += "@@ -\(start.old + (oldCount == 0 ? 0 : 1)),\(oldCount) +\(start.new + (newCount == 0 ? 0 : 1)),\(newCount) @@\n"
            for edit in hunk { out += "\(edit.mark)\(edit.line)\n" }
            first = index
            last = index
        }
        return out
    }
}
