/// A line diff in unified format, from a longest-common-subsequence table.
enum TextDiff {
    /// A unified diff of `old` against `new`, with three lines of context.
    static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Trim the common head and tail so the table stays small for large, similar files.
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let x = Array(a[head..<(a.count - tail)]), y = Array(b[head..<(b.count - tail)])
        var edits: [(Character, String)] = []
        if x.count * y.count > 4_000_000 {
            edits = x.map { ("-", $0) } + y.map { ("+", $0) }
        } else {
            var table = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
            for i in stride(from: x.count - 1, through: 0, by: -1) {
                for j in stride(from: y.count - 1, through: 0, by: -1) {
                    table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < x.count || j < y.count {
                if i < x.count, j < y.count, x[i] == y[j] { edits.append((" ", x[i])); i += 1; j += 1 }
                else if j < y.count, i == x.count || table[i][j + 1] >= table[i + 1][j] { edits.append(("+", y[j])); j += 1 }
                else { edits.append(("-", x[i])); i += 1 }
            }
        }
        let before = a[max(0, head - context)..<head].map { (Character(" "), $0) }
        let after = a[(a.count - tail)..<min(a.count, a.count - tail + context)].map { (Character(" "), $0) }
        let startOld = max(0, head - context) + 1
        let all = before + edits + after
        let oldCount = all.filter { $0.0 != "+" }.count, newCount = all.filter { $0.0 != "-" }.count
        var out = "--- \(oldName)\n+++ \(newName)\n@@ -\(startOld),\(oldCount) +\(startOld),\(newCount) @@\n"
        for (mark, line) in all { out += "\(mark)\(line)\n" }
        return out
    }
}
