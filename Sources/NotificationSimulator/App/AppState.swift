/// Where the app is when the user answers a notification: it decides whether iOS launches the app,
/// brings it forward, or lets it handle the answer in the background.
public enum AppState: String, Sendable, CaseIterable {
    /// On screen.
    case foreground
    /// Running, not on screen.
    case background
    /// Not running: iOS launches it to handle the answer.
    case notRunning = "not-running"
}
