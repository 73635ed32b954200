import NotificationSimulator

/// An example after it ran: its outcome (when it could run) and how it compared with `expected/`.
public struct ExampleResult: Sendable {
    /// The example.
    public var example: Example
    /// The outcome, or nil when the example could not run.
    public var outcome: ExampleRunner.Outcome?
    /// The comparison with the recorded file.
    public var verification: Verification
}
