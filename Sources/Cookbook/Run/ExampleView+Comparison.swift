import Payloads

/// How an example compares with the recipe's working one: what the page marks as falling short
/// and the payload paths it highlights as changed.
extension ExampleView {
    /// Whether this example shows less than `working`: it does not work, or it loses the attachment or the
    /// avatar that the working example shows.
    public func fallsShort(of working: ExampleView) -> Bool {
        guard isWorking else { return true }
        if working.after?.attachment != nil && after?.attachment == nil { return true }
        if working.after.map({ $0.icon != .app }) == true && after?.icon == .app { return true }
        return false
    }

    /// The paths (keys and indices from the root) at which this example's APNs payload differs from
    /// `working`'s: a member added, removed or changed. Empty when either has no payload.
    public func differences(from working: ExampleView) -> [[String]] {
        guard let mine = apns?.payload, let theirs = working.apns?.payload else { return [] }
        var paths: [[String]] = []
        Self.collectDifferences(mine.withoutLocations, theirs.withoutLocations, at: [], into: &paths)
        return paths
    }

    /// The paths at which this example's input differs from `working`'s input.
    public func inputDifferences(from working: ExampleView) -> [[String]] {
        guard let mine = inputJSON, let theirs = working.inputJSON else { return [] }
        var paths: [[String]] = []
        Self.collectDifferences(mine, theirs, at: [], into: &paths)
        return paths
    }

    private static func collectDifferences(_ a: JSONValue, _ b: JSONValue, at path: [String], into paths: inout [[String]]) {
        if case .object(let am, _) = a, case .object(let bm, _) = b {
            for m in am where !(path.isEmpty && isFCMInternalKey(m.key)) {
                if let other = bm.first(where: { $0.key == m.key }) { collectDifferences(m.value, other.value, at: path + [m.key], into: &paths) }
                else { paths.append(path + [m.key]) }
            }
            for m in bm where !am.contains(where: { $0.key == m.key }) && !(path.isEmpty && isFCMInternalKey(m.key)) { paths.append(path + [m.key]) }
        } else if a != b {
            paths.append(path)
        }
    }
}
