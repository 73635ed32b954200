import Foundation

/// How long a test waits for a file it changed to be older than the racy window
/// (`PUSHBOOK_RACY_WINDOW_MS`, set to 200 ms for every test process by `TestProcess`).
public enum TestWindow {
    /// A little more than the window, in microseconds.
    public static let racy: useconds_t = 250_000
}
