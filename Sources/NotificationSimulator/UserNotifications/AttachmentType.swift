import Foundation

/// The attachment types iOS accepts, with their category (domain-rules §3.1).
struct AttachmentType: Sendable, Equatable {
    /// The uniform type identifier.
    let uti: String
    /// Audio, image or movie.
    let category: Category

    /// The categories and their size limits.
    enum Category: String, Sendable {
        /// AIFF, WAV, MP3, M4A: 5 MB.
        case audio
        /// JPEG, GIF, PNG: 10 MB.
        case image
        /// MPEG, MPEG-2, MPEG-4, AVI: 50 MB.
        case movie

        /// The limit in bytes. Apple writes "MB" without defining it; we read it as 10⁶ bytes,
        /// the stricter reading (a modelling choice, rule `ios.attachment-size-limit`).
        var maximumBytes: Int {
            switch self {
            case .audio: 5_000_000
            case .image: 10_000_000
            case .movie: 50_000_000
            }
        }
    }

    /// Every supported type, with the file extensions iOS maps to it.
    static let all: [(type: AttachmentType, extensions: [String])] = [
        (AttachmentType(uti: "public.jpeg", category: .image), ["jpg", "jpeg", "jpe"]),
        (AttachmentType(uti: "public.png", category: .image), ["png"]),
        (AttachmentType(uti: "com.compuserve.gif", category: .image), ["gif"]),
        (AttachmentType(uti: "public.aiff-audio", category: .audio), ["aif", "aiff"]),
        (AttachmentType(uti: "com.microsoft.waveform-audio", category: .audio), ["wav"]),
        (AttachmentType(uti: "public.mp3", category: .audio), ["mp3"]),
        (AttachmentType(uti: "public.mpeg-4-audio", category: .audio), ["m4a"]),
        (AttachmentType(uti: "public.mpeg", category: .movie), ["mpg", "mpeg"]),
        (AttachmentType(uti: "public.mpeg-2-video", category: .movie), ["m2v"]),
        (AttachmentType(uti: "public.mpeg-4", category: .movie), ["mp4"]),
        (AttachmentType(uti: "public.avi", category: .movie), ["avi"]),
    ]

    /// The type named by a UTI hint, else by the file extension; nil when iOS would not recognise it.
    init?(typeHint: String?, pathExtension: String) {
        if let hint = typeHint, let match = Self.all.first(where: { $0.type.uti == hint }) {
            self = match.type
            return
        }
        let ext = pathExtension.lowercased()
        guard !ext.isEmpty, let match = Self.all.first(where: { $0.extensions.contains(ext) }) else { return nil }
        self = match.type
    }

    private init(uti: String, category: Category) {
        self.uti = uti
        self.category = category
    }

    /// False when the bytes of an image file do not begin as its type's files do (PNG, JPEG and GIF
    /// signatures); nil for other types, which the model does not look into.
    static func bytesMatch(uti: String, data: Data) -> Bool? {
        let signatures: [String: [UInt8]] = ["public.png": [0x89, 0x50, 0x4E, 0x47], "public.jpeg": [0xFF, 0xD8, 0xFF], "com.compuserve.gif": [0x47, 0x49, 0x46, 0x38]]
        guard let signature = signatures[uti] else { return nil }
        return data.starts(with: signature)
    }
}
