/// The value of `aps.sound`: a file name (or `"default"`), or a critical-alert dictionary.
public enum APNsSound: Sendable, Equatable {
    /// A named sound; `"default"` plays the system sound.
    case named(String)
    /// A critical-alert sound dictionary.
    case critical(APNsCriticalSound)

    /// Reads a sound from JSON, or nil when it is neither a string nor a dictionary.
    public init?(json: JSONValue) {
        switch json {
        case .string(let s, _): self = .named(s)
        case .object(let members, _): self = .critical(APNsCriticalSound(members: members))
        default: return nil
        }
    }
}
