/// `apns.critical-sound-volume`: a critical sound's `volume` outside 0…1.
struct CriticalSoundVolumeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.critical-sound-volume", severity: .warning,
        summary: "aps.sound.volume of a critical alert is from 0 (silent) to 1 (full volume); the Firebase Admin SDK refuses other values.",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"sound": {"critical": 1, "name": "default", "volume": 2}}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a volume outside 0…1.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard case .critical(let sound)? = input.payload.aps?.sound, let volume = sound.volume, !(0...1).contains(volume) else { return }
        let path = LintContext.apsPath.appending("sound").appending("volume")
        diagnostics.append(input.diagnostic(Self.description,
            "sound volume \(input.brief(input.request.payload.value(at: path) ?? .null)) is outside 0…1; use a value from 0 (silent) to 1 (full volume), for example 0.8",
            payload: path))
    }
}
