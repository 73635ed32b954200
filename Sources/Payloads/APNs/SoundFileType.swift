/// Whether iOS can play a notification sound file, judged by its name: Apple lists aiff, wav and caf
/// containers (UNNotificationSound, "Prepare sound resources"). Decided here, read by the linter and the device.
public enum SoundFileType: Sendable, Equatable {
    /// `default`: the system sound.
    case systemDefault
    /// A file iOS plays (an aiff, wav or caf container).
    case playable
    /// A file whose container iOS does not play (`.mp3`, `.m4a`, …): the default sound plays instead.
    case unplayable(fileExtension: String)
    /// A name without an extension: whether a file of that name exists is not known here.
    case unknown

    /// The containers Apple lists, as file extensions (lowercase; `.aif` is the same AIFF container).
    public static let playableExtensions = ["aiff", "aif", "aifc", "wav", "caf"]

    /// The type of the sound named `name` (the payload's string, or the dictionary's `name`).
    public init(name: String) {
        if name == "default" { self = .systemDefault; return }
        let utf8 = Array(name.utf8)
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < utf8.count - 1,
              !utf8[(dot + 1)...].contains(UInt8(ascii: "/")) else {
            self = .unknown
            return
        }
        let ext = String(decoding: utf8[(dot + 1)...], as: UTF8.self)
        self = Self.playableExtensions.contains(ext.lowercasedASCII()) ? .playable : .unplayable(fileExtension: ext)
    }

    /// The message for an unplayable sound, shared by the linter and the device.
    public static func message(name: String, fileExtension: String) -> String {
        "sound '\(name)' is a .\(fileExtension) file; iOS plays notification sounds only from aiff, wav or caf files, so the default sound plays instead (convert it to one of them)"
    }
}
