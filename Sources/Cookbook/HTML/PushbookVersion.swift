/// The tool's version: shown by `--version` and stamped on the pages it verified.
public enum PushbookVersion {
    /// The version number, e.g. `0.1.0`.
    public static let number = "0.1.0"
}
