/// What a `FileFingerprint` says of a group of entries: the digest of their metadata, or that the
/// snapshot cannot vouch for them.
enum MetadataDigest: Sendable, Hashable {
    /// The digest of the entries' lines.
    case stable(String)
    /// An entry changed within `FileFingerprint.racyWindow` of the snapshot: its time stamps cannot
    /// prove that a later edit of the same size changed nothing. A racy digest equals no other.
    case racy

    /// The digest, or nil when racy.
    var stable: String? {
        if case .stable(let value) = self { return value }
        return nil
    }

    /// True when both are the same stable digest (a racy one never vouches for anything).
    func vouches(for other: MetadataDigest?) -> Bool {
        guard let mine = stable, let other else { return false }
        return other.stable == mine
    }
}
