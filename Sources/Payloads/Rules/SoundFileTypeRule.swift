/// `apns.sound-file-type`: a custom sound whose file type iOS does not play (the default sound plays instead).
public struct SoundFileTypeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.sound-file-type", severity: .warning,
        summary: "Notification sounds must be Linear PCM, MA4 (IMA/ADPCM), µLaw or aLaw audio in an aiff, wav or caf file, under 30 seconds (Apple). A sound named with another file type (.mp3, .m4a, .mp4, …) does not play as itself: Apple does not say what plays instead; Pushbook's model plays the default sound, as an Apple engineer's forum answer and SDK vendors (OneSignal) report (a modelling choice). For a Live Activity alert, whose sound Apple's own sample names HeroDown.mp4, it is only a note.",
        source: "https://developer.apple.com/documentation/usernotifications/unnotificationsound (Prepare sound resources) ; https://developer.apple.com/forums/thread/747348 ; https://documentation.onesignal.com/docs/en/notification-sounds",
        confidence: .community,
        example: #"{"aps": {"alert": "Hi", "sound": "chime.mp3"}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports a named sound (`aps.sound`, its `name`, or a Live Activity's `aps.alert.sound`) of a type iOS does not play.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        let aps = LintContext.apsPath
        var candidates: [(JSONPath, Severity)] = [(aps.appending("sound"), Self.description.severity),
                                                  (aps.appending("sound").appending("name"), Self.description.severity)]
        if input.headers.pushType == .liveactivity {
            candidates = [(aps.appending("alert").appending("sound"), .note)]
        }
        for (path, severity) in candidates {
            guard let name = input.request.payload.value(at: path)?.stringValue,
                  case .unplayable(let ext) = SoundFileType(name: name) else { continue }
            var diagnostic = input.diagnostic(Self.description, SoundFileType.message(name: name, fileExtension: ext), payload: path)
            diagnostic.severity = severity
            diagnostics.append(diagnostic)
        }
    }
}
